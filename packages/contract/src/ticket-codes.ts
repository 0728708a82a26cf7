/**
 * 意见反馈's codes (docs/member-app.md "意见反馈"): categories, states and record kinds with their labels. Zod-free,
 * so the member app's screens read them without pulling zod in.
 */

/** What a ticket is about, in the member's words. */
export const TICKET_CATEGORIES = ['存款问题', '提款问题', '转账问题', '游戏问题', '账号问题', '其他建议'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** The longest ticket or reply, in characters: the chat's (SUPPORT_TEXT_MAX). */
export const TICKET_TEXT_MAX = 500;
/** A ticket carries at most this many of the member's pictures. */
export const TICKET_IMAGES_MAX = 3;

/** 待处理 → 处理中 (the desk replied) → 已解决; 已关闭 at any point before. */
export const TICKET_STATES = ['pending', 'processing', 'resolved', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export const TICKET_STATE_LABEL: Readonly<Record<TicketState, string>> = {
  pending: '待处理',
  processing: '处理中',
  resolved: '已解决',
  closed: '已关闭',
};

/** The kind of record a ticket may name, with its label. */
export const TICKET_RECORD_KINDS = ['deposit', 'withdrawal', 'transfer'] as const;
export type TicketRecordKind = (typeof TICKET_RECORD_KINDS)[number];
export const TICKET_RECORD_LABEL: Readonly<Record<TicketRecordKind, string>> = {
  deposit: '存款',
  withdrawal: '提款',
  transfer: '转账',
};
