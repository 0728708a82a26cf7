/**
 * The support desk (docs/operators.md "The support desk"): the queue of conversations, one conversation with its
 * member's support context, and what an operator does to it. Every change is audited.
 */
import { z } from 'zod';
import { Money, Timestamp, text } from '../common';
import { RgInfo, RISK_FLAG_KINDS } from '../responsible';
import { SupportMessage, SUPPORT_TEXT_MAX, SupportUpload } from '../support';
import { MSG } from '../messages';
import { CONTENT, def, ListPlacing, ListPlacingInput, pageField, requiredText, SUPPORT, VenueNamed } from './atoms';

export const SupportQueueInput = z.object({
  state: z.enum(['open', 'closed']).default('open'),
  page: pageField,
});

export const SupportQueueRow = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  /** The member's username, or 访客 for a visitor. */
  username: z.string(),
  state: z.enum(['open', 'closed']),
  /** The operator who took it ('' while it waits). */
  operator: z.string(),
  created_at: Timestamp,
  first_reply_at: Timestamp.nullable(),
  closed_at: Timestamp.nullable(),
  /** Seconds since it was opened while no operator has answered yet, else 0. */
  waiting_seconds: z.number().int(),
  /** The member's messages the desk has not read yet. */
  unread: z.number().int(),
  last_text: z.string(),
  rating: z.number().int().nullable(),
  /** What the member wrote with the rating ('' for nothing). */
  rating_note: z.string(),
});
export type SupportQueueRow = z.infer<typeof SupportQueueRow>;

export const SupportQueue = z.object({ list: z.array(SupportQueueRow), total: z.number().int() });

const RgStanding = RgInfo.shape;

/**
 * What the desk may know of the member it chats with, enough to answer "where is my deposit" without leaving the
 * chat: the VIP level, the central wallet's balance, the latest money rows (amount, state, time), open risk flags and
 * responsible-gambling standing. Never a card or account number, a phone or email, nor any password.
 */
export const SupportMemberContext = z.object({
  username: z.string(),
  /** The VIP level's number. */
  vip: z.number().int(),
  registered_at: Timestamp,
  /** The central wallet. */
  balance: Money,
  /** The latest deposits, newest first. */
  deposits: z.array(
    z.object({
      id: z.number().int(),
      deposit_no: z.string(),
      pay_way: z.string(),
      amount: Money,
      /** 1 pending, 2 approved, 3 rejected. */
      state: z.number().int(),
      /** Where it is in its life, in the member's words (DEPOSIT_STATUS: 待支付, 已过期, 已到账 ...). */
      state_label: z.string(),
      created_at: Timestamp,
    }),
  ),
  /** The latest withdrawals, newest first. */
  withdrawals: z.array(
    z.object({
      id: z.number().int(),
      order_no: z.string(),
      amount: Money,
      /** 1 pending, 2 paid out, 3 rejected (money returned). */
      state: z.number().int(),
      state_label: z.string(),
      created_at: Timestamp,
    }),
  ),
  /** The latest transfers between the central wallet and the venues, newest first. */
  transfers: z.array(
    z.object({
      id: z.number().int(),
      transfer_no: z.string(),
      ...VenueNamed,
      /** in: into the venue; out: back to the central wallet. */
      direction: z.enum(['in', 'out']),
      amount: Money,
      /** 0 failed, 1 done, 2 waiting for the venue's answer. */
      state: z.number().int(),
      state_label: z.string(),
      created_at: Timestamp,
    }),
  ),
  /** The open risk flags naming the member: what kind, since when (what links them to others stays in 风控). */
  risk_flags: z.array(z.object({ kind: z.enum(RISK_FLAG_KINDS), label: z.string(), created_at: Timestamp })),
  /** 理性娱乐: the limits in force (and what waits) and an active cool-off or self-exclusion. */
  responsible: z.object({ limits: RgStanding.limits, break: RgStanding.break }),
  /** Earlier conversations of the member, newest first. */
  earlier: z.array(z.object({ id: z.number().int(), created_at: Timestamp, rating: z.number().int().nullable() })),
});
export type SupportMemberContext = z.infer<typeof SupportMemberContext>;

export const SupportDeskThread = z.object({
  conversation: SupportQueueRow,
  member: SupportMemberContext.nullable(),
  messages: z.array(SupportMessage),
});

export const SupportDeskAfterInput = z.object({ after_id: z.coerce.number().int().min(0).default(0) });
/** The desk's answer: text, a picture the caller uploaded (`supportDeskUpload`), or both. */
export const SupportReplyInput = z
  .object({
    text: text(SUPPORT_TEXT_MAX).pipe(z.string().transform((v) => v.trim())),
    image: text(200).pipe(z.string().transform((v) => v.trim())),
  })
  .refine((b) => b.text !== '' || b.image !== '', { message: MSG.supportTextRequired });
export const SupportTransferInput = z.object({ operator: text(64).pipe(z.string().min(1, MSG.supportTransferTarget)) });

export const SupportDeskOperator = z.object({ username: z.string(), role: z.string() });

const Empty = z.object({});
const base = '/admin/api/support/conversations';

/** The desk on 仪表盘: the members' ratings of the last 7 days, and who waits for an operator's answer now. */
export const SupportDeskStats = z.object({
  /** The average of the ratings given to conversations ended in the last 7 days, two decimals; null for none. */
  rating_average: z.string().nullable(),
  rating_count: z.number().int(),
  /** Open conversations whose member's latest line no operator has answered yet, held or not. */
  waiting: z.number().int(),
  /** How long the longest of them has waited since its first unanswered line, in seconds (0 when none waits). */
  oldest_waiting_seconds: z.number().int(),
});
export type SupportDeskStats = z.infer<typeof SupportDeskStats>;

/** The days the desk's ratings on 仪表盘 count back. */
export const SUPPORT_RATING_DAYS = 7;

const deskCalls = {
  supportDeskStats: def(
    'GET',
    '/admin/api/support/stats',
    SUPPORT,
    Empty,
    SupportDeskStats,
    'The ratings of the last 7 days and the number waiting with the oldest wait (仪表盘)',
  ),
  supportQueue: def(
    'GET',
    base,
    SUPPORT,
    SupportQueueInput,
    SupportQueue,
    'The desk queue: open (or closed) conversations',
  ),
  supportConversation: def(
    'GET',
    `${base}/:id`,
    SUPPORT,
    Empty,
    SupportDeskThread,
    'A conversation, its member context and its messages; the desk has read them',
  ),
  supportConversationMessages: def(
    'GET',
    `${base}/:id/messages`,
    SUPPORT,
    SupportDeskAfterInput,
    z.array(SupportMessage),
    'Messages of a conversation after an id (the polling fallback)',
  ),
  supportClaim: def('POST', `${base}/:id/claim`, SUPPORT, Empty, SupportQueueRow, 'Take a waiting conversation'),
  supportTransfer: def(
    'POST',
    `${base}/:id/transfer`,
    SUPPORT,
    SupportTransferInput,
    SupportQueueRow,
    'Hand a conversation to another desk operator',
  ),
  supportRelease: def(
    'POST',
    `${base}/:id/release`,
    SUPPORT,
    Empty,
    SupportQueueRow,
    'Put a conversation back in the queue',
  ),
  supportReply: def('POST', `${base}/:id/reply`, SUPPORT, SupportReplyInput, SupportMessage, 'Answer the member'),
  supportTyping: def(
    'POST',
    `${base}/:id/typing`,
    SUPPORT,
    Empty,
    z.null(),
    'Tell the member the desk is typing (not audited; more than one in 2 s is ignored)',
  ),
  supportDeskUpload: {
    ...def(
      'POST',
      '/admin/api/support/upload',
      SUPPORT,
      Empty,
      SupportUpload,
      "Upload a picture for a reply (multipart: the part `file`): a png or gif of at most 1 MB by its content, as a member's",
    ),
    multipart: true as const,
  },
  supportClose: def('POST', `${base}/:id/close`, SUPPORT, Empty, SupportQueueRow, 'End a conversation'),
  supportDeskOperators: def(
    'GET',
    '/admin/api/support/operators',
    SUPPORT,
    Empty,
    z.array(SupportDeskOperator),
    'The enabled operators of the desk roles: whom a conversation may be handed to',
  ),
  supportReopen: def('POST', `${base}/:id/reopen`, SUPPORT, Empty, SupportQueueRow, 'Open an ended conversation again'),
};

/** 快捷回复: the desk's canned replies (docs/operators.md "The support desk"). */
export const CannedReplyInput = z.object({
  title: requiredText(MSG.titleRequired, 32),
  text: requiredText(MSG.contentRequired, SUPPORT_TEXT_MAX),
  ...ListPlacingInput,
});
export const AdminCannedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  ...ListPlacing,
});
export type AdminCannedReply = z.infer<typeof AdminCannedReply>;

/** Kept by the content role (and admin); the desk reads them to pick one into its reply. */
const CANNED_READERS = ['admin', 'content', 'support'] as const;
const cannedPath = '/admin/api/support/canned-replies';
export const cannedReplyResource = {
  name: '快捷回复',
  list: def('GET', cannedPath, CANNED_READERS, Empty, z.array(AdminCannedReply), 'List the canned replies'),
  create: def('POST', cannedPath, CONTENT, CannedReplyInput, AdminCannedReply, 'Create a canned reply'),
  update: def('PUT', `${cannedPath}/:id`, CONTENT, CannedReplyInput, AdminCannedReply, 'Replace a canned reply'),
  remove: def('DELETE', `${cannedPath}/:id`, CONTENT, Empty, z.null(), 'Delete a canned reply'),
};

export const adminSupportCalls = {
  ...deskCalls,
  cannedReplies: cannedReplyResource.list,
  cannedReplyCreate: cannedReplyResource.create,
  cannedReplyUpdate: cannedReplyResource.update,
  cannedReplyDelete: cannedReplyResource.remove,
};
