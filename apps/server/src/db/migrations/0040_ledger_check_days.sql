-- The scheduled ledger check's checkpoints (docs/money.md "Sealed ledger", "The scheduled check"): one row per
-- Beijing day it has verified, holding a digest of that day's movements and seals in chain order (day_hash) and
-- the checkpoint chain: digest = HMAC-SHA256(key, previous day's digest || day || day_hash), keyed with the seal
-- key of key_id, so a row changed in SQL no longer follows from the one before it. sampled_at: when the day was
-- last re-read, so the check re-reads the days in turn.
CREATE TABLE "ledger_check_days" (
	"day" date PRIMARY KEY NOT NULL,
	"movements" integer NOT NULL,
	"day_hash" bytea NOT NULL,
	"key_id" varchar(16) NOT NULL,
	"digest" bytea NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "ledger_check_days_sampled_idx" ON "ledger_check_days" ("sampled_at", "day");--> statement-breakpoint

-- A day's movements are found by their time alone (the (kind, created_at) index needs a kind), so the check of a
-- day reads that day and not the ledger.
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" ("created_at");
