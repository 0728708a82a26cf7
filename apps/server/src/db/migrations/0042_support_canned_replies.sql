-- 快捷回复 (docs/operators.md "The support desk"): the desk's canned replies, kept by the content role.
CREATE TABLE "support_canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"text" varchar(500) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
