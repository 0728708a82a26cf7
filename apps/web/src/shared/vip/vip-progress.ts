import type { VipLevel } from '@h5/contract';

/**
 * docs/member-app.md "States and transitions": VIP progress percentage = paysum divided by the recharge requirement of the level at the index equal to
 * the current level, rounded, capped at 100; 0 if either is 0. Shared by /vip and /mine.
 */
export function vipProgress(
  paysum: string | number,
  currentLevel: number,
  levels: ReadonlyArray<Pick<VipLevel, 'recharge'>>,
): number {
  const paid = Number(paysum);
  const required = Number(levels[currentLevel]?.recharge ?? 0);
  if (!Number.isFinite(paid) || !Number.isFinite(required) || paid <= 0 || required <= 0) return 0;
  return Math.min(100, Math.round((paid * 100) / required));
}

/** docs/member-app.md "Entities and fields": current_vip is a string whose number follows the letter P ('VIP3' -> 3); 0 when absent. */
export function vipNumber(currentVip: string | undefined): number {
  const match = /P(\d+)/i.exec(currentVip ?? '');
  return match ? Number(match[1]) : 0;
}
