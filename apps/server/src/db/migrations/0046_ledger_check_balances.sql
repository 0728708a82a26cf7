-- The scheduled ledger check's balances a run at a time (docs/money.md "The scheduled check"): each account's sum of
-- its entries up to an entry id watermark (ledger_check_balances), and the watermark (ledger_check_watermark, one
-- row). The watermark is taken while no transaction that writes entries is in progress (a SHARE lock on
-- ledger_entries, held for one read of its largest id), so every entry at or below it had committed: a movement
-- committed late with an older id is never left out. A run checks each account's balance against its kept sum plus
-- its entries above the watermark, then adds those up to a new watermark. The sums are of entries only, never copied
-- from the balances; an old entry changed after it was summed is the whole check's to find (and the seal's days).
-- No foreign key on account_id: the ids come from ledger_entries, whose own key holds them to ledger_accounts, and a
-- check of each kept row on every run's update cost about half a second for a day's 20,000 accounts.
CREATE TABLE "ledger_check_balances" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"entries" numeric NOT NULL
);--> statement-breakpoint
CREATE TABLE "ledger_check_watermark" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("one"),
	"entries_through" bigint NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
