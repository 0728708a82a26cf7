/**
 * Responsible gambling (理性娱乐, ours): the member's limits, breaks and their history, and the operators' risk flags.
 * Shared by the server, the web app and the console.
 */
import { z } from 'zod';
import { Money, Timestamp, text } from './common';
import { RISK_FLAG_KINDS } from './responsible-codes';

export * from './responsible-codes';

export const RgSetBody = z.object({ kind: text(32), value: text(32) });
export const RgBreakBody = z.object({ period: text(32) });

const RgLimit = z.object({
  /** Money ("500.00") for the money kinds, whole minutes ("60") for session_minutes; null = none. */
  value: z.string().nullable(),
  /** A loosening waiting for its 24 hours: the value it will take (null = removed) and when. */
  pending: z.object({ value: z.string().nullable(), effective_at: Timestamp }).nullable(),
});

export const RgHistoryItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What the change was, in Chinese, e.g. 每日存款限额 1000.00 → 500.00. */
  summary: z.string(),
  /** When it takes (or took) effect. */
  effective_at: Timestamp,
  /** 'member' or 'operator'. */
  by: z.string(),
  created_at: Timestamp,
});

export const RgInfo = z.object({
  limits: z.object({
    deposit_day: RgLimit,
    deposit_week: RgLimit,
    deposit_month: RgLimit,
    loss_day: RgLimit,
    session_minutes: RgLimit,
  }),
  /** An active cool-off or exclusion; until null = permanent. */
  break: z.object({ kind: z.enum(['cooloff', 'exclusion']), until: Timestamp.nullable() }).nullable(),
  /** Counted so far in the current Beijing windows. */
  used: z.object({ deposit_day: Money, deposit_week: Money, deposit_month: Money, loss_day: Money }),
  history: z.array(RgHistoryItem),
});
export type RgInfo = z.infer<typeof RgInfo>;

export const RiskFlagRow = z.object({
  id: z.number().int(),
  kind: z.enum(RISK_FLAG_KINDS),
  /** What links the members: the IP, the device, the masked card, the claim. */
  subject: z.string(),
  detail: z.string(),
  state: z.number().int(),
  /**
   * Each linked member with the evidence of their own link: the IP or device they registered with, the card or
   * USDT address they bound (masked), or the claim or withdrawal; linked_at is when (null when no longer known).
   */
  members: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      state: z.number().int(),
      evidence: z.string(),
      linked_at: Timestamp.nullable(),
    }),
  ),
  handled_by: z.string(),
  handled_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type RiskFlagRow = z.infer<typeof RiskFlagRow>;
