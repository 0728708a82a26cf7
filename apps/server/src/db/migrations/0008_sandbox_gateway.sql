CREATE TABLE "sandbox_epay_orders" (
	"trade_no" varchar(32) PRIMARY KEY NOT NULL,
	"pid" varchar(64) NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(128) NOT NULL,
	"money" numeric(18, 2) NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_epay_orders_merchant_order_idx" ON "sandbox_epay_orders" USING btree ("pid","out_trade_no");