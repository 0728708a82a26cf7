-- Linked accounts (risk/linked-accounts.ts, docs/responsible-and-risk.md "Linked accounts"): finance reviewing a withdrawal reads which
-- other members share the member's IPs, devices (User-Agent) and bound cards or USDT addresses. Each value is looked
-- up on its own and at most 51 holders are read, in member order, so the read stays a few index probes however
-- large the tables or common the value. The address index gains the member and the time (it served lookups by
-- address alone, which the wider one serves as well).
DROP INDEX IF EXISTS "member_logins_ip_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_logins_ip_member_idx" ON "member_logins" USING btree ("ip","member_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_logins_device_member_idx" ON "member_logins" USING btree ("device","member_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_cards_bank_no_idx" ON "member_cards" USING btree ("bank_no","member_id");
