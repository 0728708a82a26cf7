-- The daily reconciliation of hub88 venues (docs/venues.md "Hub88 reconciliation"): what differs between our
-- seamless transactions and the aggregator's list, for finance; and the Hub88 sandbox aggregator's own records of
-- the Wallet API calls it sent, which its Transactions API lists (only the sandbox reads that table).
CREATE TABLE "venue_reconciliation_differences" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"difference" varchar(16) NOT NULL,
	"round_id" varchar(64) DEFAULT '' NOT NULL,
	"ours_kind" varchar(16),
	"ours_amount" numeric(18, 2),
	"ours_at" timestamp with time zone,
	"ours_player" varchar(64),
	"theirs_kind" varchar(16),
	"theirs_amount" numeric(18, 2),
	"theirs_status" varchar(32),
	"theirs_at" varchar(40),
	"theirs_player" varchar(64),
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"resolved_by" varchar(64) DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "venue_recon_diff_idx" ON "venue_reconciliation_differences" USING btree ("venue_code","transaction_id","difference");
--> statement-breakpoint
CREATE INDEX "venue_recon_day_idx" ON "venue_reconciliation_differences" USING btree ("day","venue_code");
--> statement-breakpoint
CREATE TABLE "sandbox_hub88_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"transaction_uuid" varchar(64) NOT NULL,
	"reference_transaction_uuid" varchar(64) DEFAULT '' NOT NULL,
	"kind" varchar(16) NOT NULL,
	"user" varchar(64) NOT NULL,
	"round" varchar(64) NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_hub88_tx_idx" ON "sandbox_hub88_transactions" USING btree ("transaction_uuid");
--> statement-breakpoint
CREATE INDEX "sandbox_hub88_tx_time_idx" ON "sandbox_hub88_transactions" USING btree ("operator_id","created_at");
