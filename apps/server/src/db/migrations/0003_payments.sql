CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"ico" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "banks_bank_name_unique" UNIQUE("bank_name")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"deposit_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"pay_way" varchar(16) NOT NULL,
	"catepay" varchar(16) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"depositor_name" varchar(64) DEFAULT '' NOT NULL,
	"depositor_bank" varchar(64) DEFAULT '' NOT NULL,
	"depositor_bank_no" varchar(64) DEFAULT '' NOT NULL,
	"depositor_bank_address" varchar(128) DEFAULT '' NOT NULL,
	"usdt_rate" varchar(16) DEFAULT '' NOT NULL,
	"usdt_amount" numeric(18, 2),
	"pay_token" varchar(64) NOT NULL,
	"bonus" numeric(18, 2) DEFAULT '0' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" varchar(32) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"bank" varchar(64) NOT NULL,
	"bank_owner" varchar(64) NOT NULL,
	"bank_no" varchar(128) NOT NULL,
	"bank_address" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_ranges" (
	"type" varchar(16) PRIMARY KEY NOT NULL,
	"pay_way" varchar(16) NOT NULL,
	"min_price" numeric(18, 2) NOT NULL,
	"max_price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_ways" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"bank_name" varchar(64) DEFAULT '' NOT NULL,
	"bank_no" varchar(128) DEFAULT '' NOT NULL,
	"bank_owner" varchar(64) DEFAULT '' NOT NULL,
	"bank_address" varchar(128) DEFAULT '' NOT NULL,
	"mch_id" varchar(128) DEFAULT '' NOT NULL,
	"content" varchar(255) DEFAULT '' NOT NULL,
	"payimg" text DEFAULT '' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_type" smallint NOT NULL,
	"bank" varchar(64) NOT NULL,
	"bank_owner" varchar(64) NOT NULL,
	"bank_no" varchar(128) NOT NULL,
	"bank_address" varchar(128) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"usdt_rate" varchar(16) DEFAULT '' NOT NULL,
	"usdt_fee" numeric(18, 2),
	"usdt_amount" numeric(18, 2),
	"state" smallint DEFAULT 1 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" varchar(32) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_no_idx" ON "deposits" USING btree ("deposit_no");--> statement-breakpoint
CREATE INDEX "deposits_member_created_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_member_reviewed_idx" ON "deposits" USING btree ("member_id","state","reviewed_at");--> statement-breakpoint
CREATE INDEX "deposits_state_idx" ON "deposits" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "member_cards_member_idx" ON "member_cards" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "receiving_accounts_channel_idx" ON "receiving_accounts" USING btree ("channel","enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_no_idx" ON "withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "withdrawals_member_created_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_member_reviewed_idx" ON "withdrawals" USING btree ("member_id","state","reviewed_at");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "withdrawals_card_idx" ON "withdrawals" USING btree ("card_id");