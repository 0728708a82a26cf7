-- A venue's catalogue tells its own hiding from an operator's (docs/venues.md "Hub88 catalogue"): the sync shows
-- again only a game it hid itself, so a game an operator hid stays hidden. Every existing hidden game counts as the
-- operator's.
ALTER TABLE "slot_games" ADD COLUMN "hidden_by_sync" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "hidden_by_sync" boolean DEFAULT false NOT NULL;
