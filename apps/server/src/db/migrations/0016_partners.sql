CREATE TABLE "commission_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"fee_share_bp" integer DEFAULT 0 NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_plans" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"plan_id" integer,
	"active_members" integer NOT NULL,
	"deposits" numeric(18, 2) NOT NULL,
	"withdrawals" numeric(18, 2) NOT NULL,
	"valid_stake" numeric(18, 2) NOT NULL,
	"ggr" numeric(18, 2) NOT NULL,
	"rebates" numeric(18, 2) NOT NULL,
	"bonuses" numeric(18, 2) NOT NULL,
	"fees" numeric(18, 2) NOT NULL,
	"net_revenue" numeric(18, 2) NOT NULL,
	"carry_in" numeric(18, 2) NOT NULL,
	"commission_base" numeric(18, 2) NOT NULL,
	"tier" smallint NOT NULL,
	"rate_bp" integer NOT NULL,
	"commission" numeric(18, 2) NOT NULL,
	"carry_out" numeric(18, 2) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"paid_by" varchar(32) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_plans" ADD CONSTRAINT "partner_plans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_plans" ADD CONSTRAINT "partner_plans_plan_id_commission_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."commission_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_partner_month_idx" ON "partner_statements" USING btree ("partner_id","month");--> statement-breakpoint
CREATE INDEX "partner_statements_month_idx" ON "partner_statements" USING btree ("month","id");--> statement-breakpoint
CREATE INDEX "partner_statements_pending_idx" ON "partner_statements" USING btree ("id") WHERE "partner_statements"."state" = 1;