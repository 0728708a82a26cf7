CREATE TABLE "venue_wallet_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"member_id" integer NOT NULL,
	"round_id" varchar(64) DEFAULT '' NOT NULL,
	"game_code" varchar(64) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reference_transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"state" varchar(16) NOT NULL,
	"balance_after" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ALTER COLUMN "bet_id" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "wallet_mode" varchar(16) DEFAULT 'ledger' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "api_base_url" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "api_secret" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "currency" varchar(8) DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_wallet_transactions" ADD CONSTRAINT "venue_wallet_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_wallet_tx_idx" ON "venue_wallet_transactions" USING btree ("venue_code","transaction_id");--> statement-breakpoint
CREATE INDEX "venue_wallet_round_idx" ON "venue_wallet_transactions" USING btree ("venue_code","round_id");