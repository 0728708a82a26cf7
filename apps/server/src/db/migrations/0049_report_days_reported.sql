-- The members of a closed Beijing day with a row in report_member_days (migration 0047), as a member set in
-- report_days' format (bit n = member id n, in blocks of 65,536 bits): the member report counts a range's members and
-- chooses a page's by OR-ing the days' sets and testing each member, instead of reading every member row of the range
-- (reports-service.ts `reportedMembers`). Written with the day's member rows, in the transaction that keeps the day,
-- so the day's one `stale` mark covers it.
ALTER TABLE "report_days" ADD COLUMN "reported" varbit DEFAULT B'' NOT NULL;--> statement-breakpoint
-- The days kept before this migration: their sets from their kept member rows (a stale day is kept again when read).
UPDATE "report_days" r SET "reported" = report_member_bits(
  ARRAY(SELECT m.member_id FROM "report_member_days" m WHERE m.day = r.day),
  (SELECT ((coalesce(max(id), 0) + 1 + 65535) / 65536) * 65536 FROM "members")::integer)
WHERE NOT r.stale;
