-- A venue's catalogue kept in step with its aggregator (docs/venues.md "Hub88 catalogue"): each game remembers its
-- provider, and a slot game the aggregator no longer lists is hidden (app_state 0) rather than deleted, as home
-- tiles already are. Every existing slot game stays shown.
ALTER TABLE "slot_games" ADD COLUMN "app_state" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "slot_games" ADD COLUMN "provider" varchar(64) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "provider" varchar(64) DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The sync finds a venue's home tiles by game code.
CREATE INDEX "games_platform_code_idx" ON "games" USING btree ("platform_name","game_code");
