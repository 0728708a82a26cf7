import type { InboxNote } from '@h5/contract/inbox-notes';
import type { DbOrTx } from '../../db/client';
import { memberMessages } from '../../db/tables/member';

/** member_messages kind 2: the 站内信 tab (member-service MESSAGE_KIND.inbox). */
const INBOX_KIND = 2;

/**
 * Writes a 站内信 the site sends a member itself (INBOX_NOTES), in the transaction `tx` of the event it tells of,
 * so the message is there exactly when the event is. The other areas are handed it by app.ts (`tellMember`).
 */
export async function writeInbox(tx: DbOrTx, memberId: number, note: InboxNote, at: Date): Promise<void> {
  await tx
    .insert(memberMessages)
    .values({ kind: INBOX_KIND, memberId, title: note.title, content: note.content, createdAt: at });
}
