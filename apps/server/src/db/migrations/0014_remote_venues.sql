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
CREATE TABLE "venue_bet_cursors" (
	"venue_code" varchar(32) PRIMARY KEY NOT NULL,
	"cursor" varchar(128) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_no" varchar(40) NOT NULL,
	"reference" varchar(120) NOT NULL,
	"member_id" integer NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"state" smallint DEFAULT 2 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_transfers_transfer_no_unique" UNIQUE("transfer_no"),
	CONSTRAINT "venue_transfers_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_aggregator_players" (
	"venue_code" varchar(32) NOT NULL,
	"player" varchar(64) NOT NULL,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_aggregator_players_venue_code_player_pk" PRIMARY KEY("venue_code","player")
);
--> statement-breakpoint
CREATE TABLE "sandbox_aggregator_rounds" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"player" varchar(64) NOT NULL,
	"game_code" varchar(64) DEFAULT '' NOT NULL,
	"stake" numeric(18, 2) NOT NULL,
	"payout" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_aggregator_sessions" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"player" varchar(64) NOT NULL,
	"game_code" varchar(64) DEFAULT '' NOT NULL,
	"launch_token" varchar(128) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_aggregator_transfers" (
	"venue_code" varchar(32) NOT NULL,
	"transfer_id" varchar(64) NOT NULL,
	"player" varchar(64) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"status" varchar(16) NOT NULL,
	"balance_after" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_aggregator_transfers_venue_code_transfer_id_pk" PRIMARY KEY("venue_code","transfer_id")
);
--> statement-breakpoint
ALTER TABLE "bets" ALTER COLUMN "bet_id" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "wallet_mode" varchar(16) DEFAULT 'ledger' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "api_base_url" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "api_secret" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "currency" varchar(8) DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_wallet_transactions" ADD CONSTRAINT "venue_wallet_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD CONSTRAINT "venue_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_wallet_tx_idx" ON "venue_wallet_transactions" USING btree ("venue_code","transaction_id");--> statement-breakpoint
CREATE INDEX "venue_wallet_round_idx" ON "venue_wallet_transactions" USING btree ("venue_code","round_id");--> statement-breakpoint
CREATE INDEX "venue_transfers_member_idx" ON "venue_transfers" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "venue_transfers_pending_idx" ON "venue_transfers" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_aggregator_round_idx" ON "sandbox_aggregator_rounds" USING btree ("venue_code","round_id");