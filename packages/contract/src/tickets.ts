/**
 * 意见反馈 (docs/member-app.md "意见反馈", docs/operators.md "Tickets"): a member's ticket to the desk, about a
 * category and, when it concerns one, a deposit, withdrawal or transfer of theirs; the desk's replies; its state.
 * Shared by the server, the member app and the console.
 */
import { z } from 'zod';
import { optionalInt, paginator, requiredInt, text, Timestamp } from './common';
import { MSG } from './messages';
import {
  TICKET_CATEGORIES,
  TICKET_IMAGES_MAX,
  TICKET_RECORD_KINDS,
  TICKET_STATES,
  TICKET_TEXT_MAX,
} from './ticket-codes';

export * from './ticket-codes';

export const TicketReply = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: Timestamp,
});
export type TicketReply = z.infer<typeof TicketReply>;

export const Ticket = z.object({
  id: z.number().int(),
  category: z.enum(TICKET_CATEGORIES),
  text: z.string(),
  /** The record it concerns ('' for none). */
  record_kind: z.enum(['', ...TICKET_RECORD_KINDS]),
  record_no: z.string(),
  /** The addresses of the member's images (at most TICKET_IMAGES_MAX). */
  images: z.array(z.string()),
  state: z.enum(TICKET_STATES),
  created_at: Timestamp,
  first_reply_at: Timestamp.nullable(),
  resolved_at: Timestamp.nullable(),
  closed_at: Timestamp.nullable(),
});
export type Ticket = z.infer<typeof Ticket>;

/** A ticket with the desk's replies, oldest first. */
export const TicketDetail = Ticket.extend({ replies: z.array(TicketReply) });
export type TicketDetail = z.infer<typeof TicketDetail>;

export const ticketText = () => text(TICKET_TEXT_MAX).pipe(z.string().transform((v) => v.trim()));

export const TicketCreateBody = z
  .object({
    category: z.enum(TICKET_CATEGORIES, { error: MSG.ticketCategoryInvalid }),
    text: ticketText(),
    record_kind: z.enum(['', ...TICKET_RECORD_KINDS], { error: MSG.ticketRecordInvalid }).default(''),
    record_no: text(64).pipe(z.string().transform((v) => v.trim())),
    // Each the address supportUpload answered for the member's own upload; anything else is refused (图片无效).
    images: z.array(text(200)).max(TICKET_IMAGES_MAX, { error: MSG.ticketImagesTooMany }).default([]),
  })
  .refine((b) => b.text !== '', { message: MSG.ticketTextRequired })
  .refine((b) => (b.record_kind === '') === (b.record_no === ''), { message: MSG.ticketRecordInvalid });

export const TicketListBody = z.object({ page: optionalInt() });
export const TicketDetailBody = z.object({ id: requiredInt() });

/** The member's tickets, newest first, 10 a page. */
export const TicketPage = paginator(Ticket);
