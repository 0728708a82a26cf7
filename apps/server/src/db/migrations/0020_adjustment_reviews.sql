-- Manual adjustments above the admin-set line wait here for a second operator (docs/operators.md "Operators and the back-office API").
CREATE TABLE "adjustment_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL REFERENCES "members"("id"),
	"amount" numeric(18, 2) NOT NULL,
	"reference" varchar(80) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"maker_id" integer NOT NULL REFERENCES "operators"("id"),
	"made_by" varchar(32) NOT NULL,
	"reviewer_id" integer REFERENCES "operators"("id"),
	"reviewed_by" varchar(32) DEFAULT '' NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_reviews_reference_idx" ON "adjustment_reviews" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "adjustment_reviews_state_idx" ON "adjustment_reviews" USING btree ("state","id");
--> statement-breakpoint
-- The two-person lines are never off: an install still at 0 (the old default, "off") gets the defaults.
UPDATE "site_settings" SET "value" = '5000', "updated_at" = now()
WHERE "key" = 'withdraw_second_review_above' AND btrim("value", '"') ~ '^[0.]*$';
--> statement-breakpoint
UPDATE "site_settings" SET "value" = '1000', "updated_at" = now()
WHERE "key" = 'adjust_second_review_above' AND btrim("value", '"') ~ '^[0.]*$';
