CREATE TABLE "stored_files" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" varchar(64) PRIMARY KEY NOT NULL,
	"last_period" varchar(32) DEFAULT '' NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_files_purpose_idx" ON "stored_files" USING btree ("purpose","created_at");