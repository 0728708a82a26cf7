-- The sealed ledger's chain becomes keyed (docs/money.md "Sealed ledger"): chain hash = HMAC-SHA256(key, previous chain hash
-- || MAC), with the key of the movement's own seal, computed by the chaining job in the server and verified by the
-- check in the server. Until now it was sha256(previous chain hash || MAC), which anyone with SQL could recompute: a
-- movement deleted, the chain after it renumbered and rehashed and the digests moved to match, and the check found
-- nothing. No key ever reaches the database for this, so nothing here can compute the keyed chain.
--
-- So every existing link goes: chain number and hash cleared on every movement, and the chaining job re-chains all
-- sealed movements keyed on its next runs (in id order, 10,000 a run every 5 seconds, and each check chains what is
-- still waiting before it verifies), verifying each one's MAC again with the keys configured on the server. Refusals
-- are cleared with them, so each movement is judged again under the same rules: one whose seal still does not verify
-- with a configured key is refused again, and the check now names every refused movement. The daily digests kept the
-- heads of the unkeyed chain, which no longer exists: they are deleted (copies kept outside say what the chain was
-- before this migration, not what it is after), and the job keeps the keyed chain's head from the next Beijing
-- midnight on.
UPDATE "ledger_transactions" SET "chain_seq" = NULL, "chain_hash" = NULL, "seal_refused_at" = NULL
 WHERE "chain_seq" IS NOT NULL OR "chain_hash" IS NOT NULL OR "seal_refused_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "ledger_seal_digests";
