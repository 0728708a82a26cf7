CREATE TABLE "rg_breaks" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"until" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"summary" varchar(200) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"actor" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"member_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"value" bigint,
	"pending_value" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "risk_flag_members" (
	"flag_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "risk_flag_members_flag_id_member_id_pk" PRIMARY KEY("flag_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "risk_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"detail" varchar(500) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"handled_by" varchar(32) DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_breaks" ADD CONSTRAINT "rg_breaks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_history" ADD CONSTRAINT "rg_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flag_members" ADD CONSTRAINT "risk_flag_members_flag_id_risk_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."risk_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flag_members" ADD CONSTRAINT "risk_flag_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_history_member_idx" ON "rg_history" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "risk_flag_members_member_idx" ON "risk_flag_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flags_open_idx" ON "risk_flags" USING btree ("kind","subject") WHERE "risk_flags"."state" = 0;--> statement-breakpoint
CREATE INDEX "risk_flags_state_idx" ON "risk_flags" USING btree ("state","id");