/**
 * Tickets (docs/operators.md "Tickets"): the desk's list of the members' 意见反馈 by state, oldest first, one ticket
 * with its member's support context, and the desk's reply, resolve and close. Every change is audited.
 */
import { z } from 'zod';
import { text } from '../common';
import { MSG } from '../messages';
import { Ticket, TICKET_STATES, TICKET_TEXT_MAX, TicketReply } from '../tickets';
import { SupportMemberContext } from './support';
import { def, pageField, SUPPORT } from './atoms';

export const TicketQueueInput = z.object({
  state: z.enum(TICKET_STATES).default('pending'),
  page: pageField,
});

export const AdminTicket = Ticket.extend({
  member_id: z.number().int(),
  username: z.string(),
  /** The operator who last replied, resolved or closed it ('' while nobody has). */
  operator: z.string(),
  /** Seconds since it was filed. */
  age_seconds: z.number().int(),
});
export type AdminTicket = z.infer<typeof AdminTicket>;

export const AdminTicketReply = TicketReply.extend({ operator: z.string() });
export type AdminTicketReply = z.infer<typeof AdminTicketReply>;

export const TicketQueue = z.object({ list: z.array(AdminTicket), total: z.number().int() });

export const AdminTicketDetail = z.object({
  ticket: AdminTicket,
  /** What the chat desk shows of the member (docs/operators.md "The support desk"). */
  member: SupportMemberContext.nullable(),
  replies: z.array(AdminTicketReply),
});
export type AdminTicketDetail = z.infer<typeof AdminTicketDetail>;

export const TicketReplyInput = z
  .object({ text: text(TICKET_TEXT_MAX).pipe(z.string().transform((v) => v.trim())) })
  .refine((b) => b.text !== '', { message: MSG.ticketReplyRequired });

const Empty = z.object({});
const base = '/admin/api/tickets';

export const adminTicketCalls = {
  ticketQueue: def('GET', base, SUPPORT, TicketQueueInput, TicketQueue, 'Tickets in one state, oldest first'),
  ticketDetail: def(
    'GET',
    `${base}/:id`,
    SUPPORT,
    Empty,
    AdminTicketDetail,
    'A ticket, its replies and its member context',
  ),
  ticketReply: def(
    'POST',
    `${base}/:id/reply`,
    SUPPORT,
    TicketReplyInput,
    AdminTicketDetail,
    'Answer the member (处理中); the member gets a 站内信',
  ),
  ticketResolve: def(
    'POST',
    `${base}/:id/resolve`,
    SUPPORT,
    Empty,
    AdminTicketDetail,
    'Mark the ticket 已解决; the member gets a 站内信',
  ),
  ticketClose: def('POST', `${base}/:id/close`, SUPPORT, Empty, AdminTicketDetail, 'Close the ticket (已关闭)'),
};
