-- A member's settled bets by settlement time, and their open stakes (docs/responsible-and-risk.md: the loss limit and the
-- 理性娱乐 card): every seamless bet reads both under the member's wallet lock, and the card reads the month's
-- loss. Found through the (member, created) index alone, a member's whole history of bets was read to keep one
-- day's or one month's (bench/README.md, a year of a busy site). These read only the window, from the index.
CREATE INDEX "bets_member_settled_idx" ON "bets" USING btree ("member_id", "settled_at") INCLUDE ("win_loss") WHERE "bets"."status" = 1;
--> statement-breakpoint
CREATE INDEX "bets_member_open_idx" ON "bets" USING btree ("member_id") INCLUDE ("bet_amount") WHERE "bets"."status" = 2;
