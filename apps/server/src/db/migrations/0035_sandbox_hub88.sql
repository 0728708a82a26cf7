-- The Hub88 sandbox aggregator's operators (src/sandbox/hub88/README.md): only the sandbox reads them; the
-- migrations create them on every install, as they do the other sandbox tables.
CREATE TABLE "sandbox_hub88_operators" (
	"operator_id" serial PRIMARY KEY NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"wallet_url" text NOT NULL,
	"operator_public_key" text NOT NULL,
	"aggregator_public_key" text NOT NULL,
	"aggregator_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
