-- The deposit life: a gateway deposit closed by its 60-minute payment window is marked as expired (not an operator's
-- rejection), and money a gateway reports paid for a closed deposit is held for finance to credit or refuse.
ALTER TABLE "deposits" ADD COLUMN "expired" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "deposits" SET "expired" = 1 WHERE "state" = 3 AND "reviewed_by" = 'system' AND "note" = '支付超时，订单已关闭';--> statement-breakpoint
CREATE TABLE "late_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"deposit_id" integer NOT NULL REFERENCES "deposits"("id"),
	"gateway_code" varchar(32) NOT NULL,
	"source" varchar(16) NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"decided_by" varchar(32) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "late_payments_deposit_idx" ON "late_payments" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "late_payments_state_idx" ON "late_payments" USING btree ("state","id");
