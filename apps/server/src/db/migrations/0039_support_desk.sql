-- 在线客服 (docs/operators.md "The support desk"): conversations of a member or a visitor's device, and their
-- messages. A member has at most one open conversation.
CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"visitor_id" varchar(64),
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"operator" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_reply_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating" smallint,
	"rating_note" varchar(200) DEFAULT '' NOT NULL,
	"desk_read_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_member_idx" ON "support_conversations" USING btree ("member_id") WHERE "support_conversations"."state" = 'open';
--> statement-breakpoint
CREATE INDEX "support_conversations_state_idx" ON "support_conversations" USING btree ("state","id");
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" varchar(16) NOT NULL,
	"operator" varchar(64) DEFAULT '' NOT NULL,
	"text" varchar(1000) DEFAULT '' NOT NULL,
	"image" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");
