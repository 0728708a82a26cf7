CREATE TABLE "agent_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"mobile" varchar(32) NOT NULL,
	"apply_info" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" varchar(32) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint DEFAULT 2 NOT NULL,
	"member_id" integer,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_applications_member_idx" ON "agent_applications" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "agent_applications_state_idx" ON "agent_applications" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "member_messages_kind_member_idx" ON "member_messages" USING btree ("kind","member_id","id");--> statement-breakpoint
CREATE INDEX "member_messages_broadcast_idx" ON "member_messages" USING btree ("kind","id") WHERE "member_messages"."member_id" is null;