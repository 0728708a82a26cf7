-- The protocol a venue speaks (docs/venues.md "Venue protocols"): 'h5' (our own venue-wallet protocol, every venue
-- made before), or 'hub88'. An aggregator that signs with key pairs needs three settings: its operator id for us,
-- its public key (PEM) that verifies its calls, and our private key (PEM) that signs our answers and calls; the
-- private key is never answered by any API.
ALTER TABLE "venues" ADD COLUMN "protocol" varchar(16) DEFAULT 'h5' NOT NULL;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "operator_id" varchar(64) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "aggregator_public_key" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "private_key" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A bet looks up whether a rollback naming it came first (a bet that timed out on its way and was rolled back).
CREATE INDEX "venue_wallet_reference_idx" ON "venue_wallet_transactions" USING btree ("venue_code","reference_transaction_id");
