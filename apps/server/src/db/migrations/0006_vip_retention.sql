CREATE TABLE "vip_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"quarter" varchar(6) NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"retention" numeric(18, 2) NOT NULL,
	"turnover" numeric(18, 2) NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_reviews_member_quarter_uq" UNIQUE("member_id","quarter")
);
--> statement-breakpoint
ALTER TABLE "vip_levels" ADD COLUMN "retention" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rises" ADD COLUMN "level_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_rises" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
-- Levels never fell before this migration: the current level was reached at the last rise.
UPDATE "vip_rises" SET "level_since" = "updated_at";--> statement-breakpoint
ALTER TABLE "vip_reviews" ADD CONSTRAINT "vip_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_reviews_reviewed_idx" ON "vip_reviews" USING btree ("reviewed_at");