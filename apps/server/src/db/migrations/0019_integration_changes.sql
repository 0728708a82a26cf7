-- What lets a venue or a payment gateway move money (address, secret, mode, merchant) changes only when a second
-- admin approves (docs/operators.md "Operators and the back-office API"): each proposed change waits here. `secret` holds a new secret until it is
-- applied and is never answered; `before` and `after` are shown with secrets masked; `fingerprint` is a digest of
-- the target's integration as it was when the change was made, so an approval of a stale change is refused.
CREATE TABLE "integration_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" varchar(16) NOT NULL,
	"target" varchar(32) NOT NULL,
	"action" varchar(16) NOT NULL,
	"before" text DEFAULT 'null' NOT NULL,
	"after" text NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"maker_id" integer NOT NULL REFERENCES "operators"("id"),
	"made_by" varchar(32) NOT NULL,
	"checker_id" integer REFERENCES "operators"("id"),
	"checked_by" varchar(32) DEFAULT '' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One change waits per venue or gateway at a time.
CREATE UNIQUE INDEX "integration_changes_pending_idx" ON "integration_changes" USING btree ("target_kind","target") WHERE "state" = 1;
--> statement-breakpoint
CREATE INDEX "integration_changes_state_idx" ON "integration_changes" USING btree ("state","id");
