-- The days the reconciliation of each hub88 venue has tried (docs/venues.md "Hub88 reconciliation"): one row per
-- venue and Beijing day, compared_at set once the aggregator answered for it and the day was compared, null (with the
-- last failure) while it has not, so that the next runs try that day again within the week they look back on and
-- never compare a day twice.
CREATE TABLE "venue_reconciliation_days" (
	"venue_code" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"compared_at" timestamp with time zone,
	"compared" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"failure" varchar(32) DEFAULT '' NOT NULL,
	"tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_reconciliation_days_pk" PRIMARY KEY ("venue_code", "day")
);
