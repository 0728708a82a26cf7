-- Closed Beijing days of the venue report, per venue (reports-service.ts `venueReport`): the report adds a closed day's
-- kept rows instead of reading its settled bets again, and reads only the day in progress from the bets. A day's rows
-- are written in the same transaction that keeps its daily figures in report_days (migration 0024), so the one
-- `stale` mark there, set by the triggers of 0024 when a bet lands late on the day or is resettled (its venue
-- included), covers them; a venue without a settled bet on the day has no row. Money as the bets hold it (NUMERIC),
-- sums exact; the day's bettors at the venue as a member set in report_days' format (bit n = member id n, in blocks
-- of 65,536 bits), so a range counts each member once per venue by OR-ing the days' sets.
CREATE TABLE "report_venue_days" (
	"day" date NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"bets_count" integer DEFAULT 0 NOT NULL,
	"stake" numeric DEFAULT 0 NOT NULL,
	"valid_stake" numeric DEFAULT 0 NOT NULL,
	"payout" numeric DEFAULT 0 NOT NULL,
	"bettors" varbit DEFAULT B'' NOT NULL,
	CONSTRAINT "report_venue_days_pkey" PRIMARY KEY ("day", "venue_code")
);--> statement-breakpoint
-- Days kept before this migration have no venue rows: marked stale, each is kept again, rows and all, when next read
-- (or by the scheduled job `report-days` for the last two months).
UPDATE "report_days" SET "stale" = true WHERE NOT "stale";
