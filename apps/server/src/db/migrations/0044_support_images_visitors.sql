-- Images in 在线客服 and on tickets, and visitors' conversations (docs/operators.md "The support desk", "Tickets").
-- A member's image to the desk is kept with its owner, so a message or a ticket can name only its sender's own.
ALTER TABLE "stored_files" ADD COLUMN "owner" varchar(80) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "images" varchar(64)[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_visitor_idx" ON "support_conversations" USING btree ("visitor_id") WHERE "support_conversations"."state" = 'open';
