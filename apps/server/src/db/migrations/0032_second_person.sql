-- Two people means two different people (docs/operators.md "Two people, judged by person"). An operator account carries who
-- vouched for it: the maker and the approver of the change that created it, changed its role, enabled it again or
-- reset its two factors, and when that change took effect. An account from the operator CLI on the server's
-- machine has nobody (an empty list) and no time. Every sign-in keeps its evidence (the address as counted, and
-- the console's device id as a digest), so a second approval from the maker's own device or network is refused.
ALTER TABLE "operators" ADD COLUMN "vouched_by" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "vouched_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "operator_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL REFERENCES "operators"("id") ON DELETE CASCADE,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"device" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_sign_ins_operator_idx" ON "operator_sign_ins" USING btree ("operator_id","at");
