-- 意见反馈 (docs/operators.md "Tickets"): a member's tickets to the desk and the desk's replies.
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"category" varchar(16) NOT NULL,
	"text" varchar(1000) NOT NULL,
	"record_kind" varchar(16) DEFAULT '' NOT NULL,
	"record_no" varchar(64) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"operator" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_reply_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tickets_state_idx" ON "tickets" USING btree ("state","id");
--> statement-breakpoint
CREATE INDEX "tickets_member_idx" ON "tickets" USING btree ("member_id","id");
--> statement-breakpoint
CREATE TABLE "ticket_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"operator" varchar(64) NOT NULL,
	"text" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "ticket_replies_ticket_idx" ON "ticket_replies" USING btree ("ticket_id","id");
