CREATE TABLE "promotion_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer,
	"activity_name" varchar(128) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" varchar(32) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer,
	"title" varchar(128) NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redpacket_grabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"rule_id" integer,
	"day" varchar(10) NOT NULL,
	"deposit_money" numeric(18, 2) NOT NULL,
	"prize" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redpacket_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"day_flow" numeric(18, 2) NOT NULL,
	"flow_money" numeric(18, 2) NOT NULL,
	"recharge" integer NOT NULL,
	"money" numeric(6, 2) NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebates" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"bet_id" varchar(48) NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"valid_amount" numeric(18, 2) NOT NULL,
	"vip_level" smallint NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"money" numeric(18, 2) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "rebates_bet_id_unique" UNIQUE("bet_id")
);
--> statement-breakpoint
CREATE TABLE "vip_rises" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"day" varchar(10) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_type_id_promotion_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."promotion_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redpacket_grabs" ADD CONSTRAINT "redpacket_grabs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_rises" ADD CONSTRAINT "vip_rises_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_member_promotion_idx" ON "promotion_applications" USING btree ("member_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_applications_member_created_idx" ON "promotion_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_applications_state_idx" ON "promotion_applications" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "promotions_type_sort_idx" ON "promotions" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "redpacket_grabs_member_day_idx" ON "redpacket_grabs" USING btree ("member_id","day");--> statement-breakpoint
CREATE INDEX "redpacket_grabs_member_created_idx" ON "redpacket_grabs" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "rebates_member_state_idx" ON "rebates" USING btree ("member_id","state");--> statement-breakpoint
CREATE INDEX "rebates_member_created_idx" ON "rebates" USING btree ("member_id","created_at");