CREATE TABLE "sandbox_aggregator_open_bets" (
	"round_id" varchar(64) PRIMARY KEY NOT NULL,
	"venue_code" varchar(32) NOT NULL,
	"player" varchar(64) NOT NULL,
	"game_code" varchar(64) DEFAULT '' NOT NULL,
	"pick" varchar(16) NOT NULL,
	"stake" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venues" ALTER COLUMN "wallet_mode" SET DEFAULT 'transfer';--> statement-breakpoint
-- Every venue is reached over its API now (transfer wallet or seamless): the built-in venue whose wallet was our
-- ledger account member:N:venue:CODE is gone. Each such account still holding money goes back to its member's central
-- wallet in one balanced ledger posting of its own, so no member money is left behind and none is created.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT a.code, a.member_id, a.venue_code, a.balance
      FROM ledger_accounts a
     WHERE a.kind = 'venue' AND a.member_id IS NOT NULL AND a.balance > 0
     ORDER BY a.code
  LOOP
    PERFORM ledger_post(
      'retire-ledger-venue:' || r.code,
      'transfer_out',
      r.member_id,
      r.venue_code,
      ARRAY[r.code, 'member:' || r.member_id || ':wallet']::varchar[],
      ARRAY[-r.balance, r.balance]::numeric[],
      ARRAY['venue', 'wallet']::varchar[],
      ARRAY[r.member_id, r.member_id],
      ARRAY[r.venue_code, '']::varchar[]
    );
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE "venues" SET "wallet_mode" = 'transfer' WHERE "wallet_mode" = 'ledger';
--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_transfer(integer, varchar, boolean, numeric, varchar, boolean);
--> statement-breakpoint
-- The launch token of a game (seamless and transfer-wallet venues alike), not a sandbox's any more.
ALTER TABLE "sandbox_sessions" RENAME TO "launch_tokens";
--> statement-breakpoint
ALTER TABLE "launch_tokens" RENAME CONSTRAINT "sandbox_sessions_pkey" TO "launch_tokens_pkey";
--> statement-breakpoint
ALTER TABLE "launch_tokens" RENAME CONSTRAINT "sandbox_sessions_member_id_members_id_fk" TO "launch_tokens_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "launch_tokens" RENAME CONSTRAINT "sandbox_sessions_session_hash_member_sessions_token_hash_fk" TO "launch_tokens_session_hash_member_sessions_token_hash_fk";
