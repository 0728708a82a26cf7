CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"src" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"category_id" varchar(16) NOT NULL,
	"app_state" smallint DEFAULT 1 NOT NULL,
	"platform_name" varchar(32) NOT NULL,
	"game_code" varchar(64) DEFAULT '' NOT NULL,
	"mobile_img" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"catecode" varchar(32) NOT NULL,
	"gamecode" varchar(64) NOT NULL,
	"gamepic" text DEFAULT '' NOT NULL,
	"gamename" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"platname" varchar(32) NOT NULL,
	"category_id" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"name" varchar(16) NOT NULL,
	"recharge" numeric(18, 2) NOT NULL,
	"flow" numeric(18, 2) NOT NULL,
	"realperson" numeric(5, 2) DEFAULT '0' NOT NULL,
	"sport" numeric(5, 2) DEFAULT '0' NOT NULL,
	"e_sport" numeric(5, 2) DEFAULT '0' NOT NULL,
	"joker" numeric(5, 2) DEFAULT '0' NOT NULL,
	"electron" numeric(5, 2) DEFAULT '0' NOT NULL,
	"lottery" numeric(5, 2) DEFAULT '0' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "vip_levels_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_type_idx" ON "articles" USING btree ("type");--> statement-breakpoint
CREATE INDEX "games_category_idx" ON "games" USING btree ("category_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_games_code_idx" ON "slot_games" USING btree ("catecode","gamecode");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_code_idx" ON "venues" USING btree ("code");