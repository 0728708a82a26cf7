-- Manual deposits and the daily totals of the two-person lines (docs/operators.md "Two-person lines").
-- An operator's approval of a deposit paid to a receiving account (a bank transfer, or a pay way without a gateway)
-- records what it rests on: the receiving account the money reached (its id and, as it read then, its name and
-- number) and the payer's reference the operator found on that account (the transfer's serial, the payer's name).
-- Above deposit_second_review_above, or past a daily total, that approval is a first one and a second operator's
-- approval credits it, as withdrawals have it.
ALTER TABLE "deposits" ADD COLUMN "receiving_account_id" integer;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "receiving_account" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "payer_reference" varchar(128) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_reviewer_id" integer;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_reviewed_by" varchar(32) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_reviewed_at" timestamp with time zone;
--> statement-breakpoint
-- What one person moved alone in a Beijing day, per kind (adjust, withdraw, deposit): per operator, what they
-- applied or approved without a second person; per member, what the member received or was paid that way. The row
-- of the operator's day is locked (and then raised) inside the money transaction that moves the money, so calls at
-- the same time are judged one after the other against the daily total.
CREATE TABLE "alone_totals" (
	"kind" varchar(16) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "alone_totals_pk" PRIMARY KEY ("kind", "scope", "subject_id", "day")
);
