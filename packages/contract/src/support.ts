/**
 * 在线客服, ours (docs/member-app.md "在线客服", docs/operators.md "The support desk"): a member's conversation with
 * the support desk, its messages, and what the live socket pushes. Shared by the server, our chat page and the
 * console.
 */
import { z } from 'zod';
import { Timestamp, optionalInt, requiredInt, text } from './common';
import { MSG } from './messages';

/** The longest message, in characters. */
export const SUPPORT_TEXT_MAX = 500;

/** Who wrote a line: the member, a visitor, an operator of the desk, or the site itself. */
export const SUPPORT_SENDERS = ['member', 'visitor', 'operator', 'system'] as const;
export type SupportSender = (typeof SUPPORT_SENDERS)[number];

export const SupportMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender: z.enum(SUPPORT_SENDERS),
  text: z.string(),
  /** The image's address ('' for none). */
  image: z.string(),
  created_at: Timestamp,
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportConversation = z.object({
  id: z.number().int(),
  state: z.enum(['open', 'closed']),
  /** An operator has taken it (the member never learns who). */
  claimed: z.boolean(),
  created_at: Timestamp,
  closed_at: Timestamp.nullable(),
  rating: z.number().int().nullable(),
  rating_note: z.string(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

/** The member's conversation and its latest messages, oldest first. */
export const SupportThread = z.object({ conversation: SupportConversation, messages: z.array(SupportMessage) });
export type SupportThread = z.infer<typeof SupportThread>;

const messageText = () => text(SUPPORT_TEXT_MAX).pipe(z.string().transform((v) => v.trim()));

/**
 * A line to the desk: text, an image, or both. The image is the address `supportUpload` answered for the member's
 * own upload; any other address (an outside URL, another member's image) is refused with 图片无效.
 */
export const SupportSendBody = z
  .object({ text: messageText(), image: text(200).pipe(z.string().transform((v) => v.trim())) })
  .refine((b) => b.text !== '' || b.image !== '', { message: MSG.supportTextRequired });

/** A member's uploaded image for the desk: its address, for a chat line or a ticket to name. */
export const SupportUpload = z.object({ image: z.string() });

/** The messages of a conversation after an id (0: from the start): the polling fallback of the socket. */
export const SupportAfterBody = z.object({ conversation_id: requiredInt(), after_id: optionalInt() });

export const SupportCloseBody = z.object({ conversation_id: requiredInt() });

export const SupportRateBody = z.object({
  conversation_id: requiredInt(),
  rating: requiredInt().pipe(z.number().int().min(1, MSG.supportRatingInvalid).max(5, MSG.supportRatingInvalid)),
  note: text(200),
});

/**
 * A visitor's device id (docs/member-app.md "在线客服"): random, kept by the chat page in localStorage, the only key
 * to the visitor's conversation, so it must be long enough that nobody guesses another's.
 */
export const SUPPORT_DEVICE_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
const device = () => text(64).pipe(z.string().regex(SUPPORT_DEVICE_PATTERN, { error: MSG.supportDeviceInvalid }));

/** A visitor's calls name their device; a visitor's lines are text only. */
export const SupportVisitorBody = z.object({ device: device() });
export const SupportVisitorSendBody = z
  .object({ device: device(), text: messageText() })
  .refine((b) => b.text !== '', { message: MSG.supportTextRequired });
export const SupportVisitorAfterBody = SupportAfterBody.extend({ device: device() });
export const SupportVisitorCloseBody = SupportCloseBody.extend({ device: device() });
export const SupportVisitorRateBody = SupportRateBody.extend({ device: device() });

/**
 * The live socket's paths: a member's token, or an operator's, in the `token` query (browsers send no header); a
 * visitor's device id in the `device` query.
 */
export const SUPPORT_SOCKET_PATH = '/api/support/socket';
export const SUPPORT_DESK_SOCKET_PATH = '/admin/api/support/socket';

/**
 * What the socket pushes: `ready` once the socket is signed in (a client then reads after its last id once, to fill
 * what came before), each new message of a conversation the socket may see, a conversation's change, and (to the
 * member's side alone) that the desk is typing.
 */
export const SupportPush = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: SupportMessage }),
  z.object({
    type: z.literal('conversation'),
    conversation_id: z.number().int(),
    state: z.enum(['open', 'closed']),
    claimed: z.boolean(),
  }),
  /** The desk is typing in the conversation: only its member's or visitor's socket hears it, never the desk. */
  z.object({ type: z.literal('typing'), conversation_id: z.number().int() }),
]);
export type SupportPush = z.infer<typeof SupportPush>;
