-- Closed Beijing days of the finance reports, kept (reports-service.ts `dailyFigures`): the daily report and the
-- dashboard read a closed day's figures from here instead of aggregating its bets and movements again, and count the
-- members of a range (bettors, depositors) by OR-ing each day's member set, kept as a bit string (bit n = member id n).
-- A row whose day gets data late (a bet settled by a venue's late report, a resettlement) is marked stale by the
-- triggers below, in the writing transaction, and computed again when next read.
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bettors" varbit DEFAULT B'' NOT NULL,
	"depositors" varbit DEFAULT B'' NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint

-- The Beijing day of an instant (Beijing keeps no daylight saving: a fixed +8 hours).
CREATE OR REPLACE FUNCTION report_day_of(p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (p_at AT TIME ZONE 'UTC' + interval '8 hours')::date $$;
--> statement-breakpoint

-- A set of member ids as a bit string of p_len bits (bit n set for member n): the runs of zeros between the sorted
-- ids joined, so the work grows with the ids in the set rather than with the bits.
CREATE OR REPLACE FUNCTION report_member_bits(p_ids integer[], p_len integer) RETURNS varbit
LANGUAGE sql IMMUTABLE AS $$
  SELECT rpad(coalesce(string_agg(repeat('0', x.id - coalesce(x.prev, -1) - 1) || '1', '' ORDER BY x.id), ''), greatest(p_len, 0), '0')::varbit
  FROM (SELECT u.id, lag(u.id) OVER (ORDER BY u.id) AS prev
        FROM (SELECT DISTINCT i AS id FROM unnest(coalesce(p_ids, '{}'::integer[])) i WHERE i >= 0 AND i < p_len) u) x
$$;
--> statement-breakpoint

-- Marks these days stale where a closed day's figures are kept or being kept. Today (and later) is never kept, so
-- the everyday writes touch nothing. A stale row is written even where no figures are kept yet, so that a reader
-- keeping that day at the same moment conflicts with it instead of keeping figures that miss this write.
CREATE OR REPLACE FUNCTION report_days_touch(p_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_today date := report_day_of(now());
BEGIN
  INSERT INTO report_days (day, stale)
  SELECT DISTINCT d, true FROM unnest(p_days) d WHERE d IS NOT NULL AND d < v_today
  ON CONFLICT (day) DO UPDATE SET stale = true WHERE NOT report_days.stale;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_days_bets_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_touch(ARRAY(SELECT DISTINCT report_day_of(n.settled_at) FROM report_new n WHERE n.status = 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_bets_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A changed settled bet moves the day it was settled on before and the day it is settled on now.
  PERFORM report_days_touch(ARRAY(
    SELECT report_day_of(x.settled_at)
    FROM report_old o JOIN report_new n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.status, o.settled_at), (n.status, n.settled_at)) AS x(status, settled_at)
    WHERE x.status = 1 AND (n.status, n.settled_at, n.bet_amount, n.valid_amount, n.win_loss, n.member_id, n.venue_code)
      IS DISTINCT FROM (o.status, o.settled_at, o.bet_amount, o.valid_amount, o.win_loss, o.member_id, o.venue_code)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_days_bets_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_touch(ARRAY(SELECT DISTINCT report_day_of(o.settled_at) FROM report_old o WHERE o.status = 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Ledger movements and members count on the day they were written (created_at).
CREATE OR REPLACE FUNCTION report_days_rows_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_touch(ARRAY(SELECT DISTINCT report_day_of(n.created_at) FROM report_new n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The reports read settled bets by settlement time: the figures they sum come with the index, so a day's bets are
-- read without visiting the table (which a venue's bets fill in the order they arrive, not by settlement).
CREATE INDEX "bets_settled_cover_idx" ON "bets" USING btree ("settled_at") INCLUDE ("member_id", "venue_code", "bet_amount", "valid_amount", "win_loss") WHERE "bets"."status" = 1;--> statement-breakpoint
DROP INDEX IF EXISTS "bets_settled_idx";--> statement-breakpoint
CREATE TRIGGER report_days_bets_inserted AFTER INSERT ON bets REFERENCING NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_days_bets_inserted();--> statement-breakpoint
CREATE TRIGGER report_days_bets_updated AFTER UPDATE ON bets REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_days_bets_updated();--> statement-breakpoint
CREATE TRIGGER report_days_bets_deleted AFTER DELETE ON bets REFERENCING OLD TABLE AS report_old
  FOR EACH STATEMENT EXECUTE FUNCTION report_days_bets_deleted();--> statement-breakpoint
CREATE TRIGGER report_days_movements_inserted AFTER INSERT ON ledger_transactions REFERENCING NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_days_rows_created();--> statement-breakpoint
CREATE TRIGGER report_days_members_inserted AFTER INSERT ON members REFERENCING NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_days_rows_created();
