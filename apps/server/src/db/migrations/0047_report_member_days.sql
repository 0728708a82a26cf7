-- Closed Beijing days of the member report, per member (reports-service.ts `memberFiguresSql`): the member report and
-- the partner programme's figures add a closed day's kept rows instead of reading its movements and bets again, and
-- read only the day in progress from them. A day's rows are written in the same transaction that keeps its daily
-- figures in report_days (migration 0024), so the one `stale` mark there, set by the triggers of 0024 when something
-- lands late on the day, covers both; a member without a counted movement or settled bet on the day has no row.
-- Money as the ledger and the bets hold it (NUMERIC), sums exact.
CREATE TABLE "report_member_days" (
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	"deposits_count" integer DEFAULT 0 NOT NULL,
	"deposits_amount" numeric DEFAULT 0 NOT NULL,
	"withdrawals_count" integer DEFAULT 0 NOT NULL,
	"withdrawals_amount" numeric DEFAULT 0 NOT NULL,
	"rebates" numeric DEFAULT 0 NOT NULL,
	"bonuses" numeric DEFAULT 0 NOT NULL,
	"adjustments" numeric DEFAULT 0 NOT NULL,
	"bets_count" integer DEFAULT 0 NOT NULL,
	"stake" numeric DEFAULT 0 NOT NULL,
	"valid_stake" numeric DEFAULT 0 NOT NULL,
	"payout" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "report_member_days_pkey" PRIMARY KEY ("day", "member_id")
);--> statement-breakpoint
-- Days kept before this migration have no member rows: marked stale, each is kept again, rows and all, when next read
-- (or by the scheduled job `report-days` for the last two months).
UPDATE "report_days" SET "stale" = true WHERE NOT "stale";
