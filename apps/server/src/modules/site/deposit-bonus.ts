import { centsToMoney, DepositBonusInput, parseMoneyToCents } from '@h5/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { parseCapped, proposeSetting, targetOf } from '../backoffice/money-settings';
import { type Fields, fingerprint, type IntegrationChangeView, type Proposer } from '../backoffice/pending-changes';
import { readSettings, type SiteSettings, writeSettings } from './site-service';

/**
 * The deposit bonus (site settings deposit_bonus_percent and deposit_bonus_max; docs/operators.md "Who may move money"): the
 * percentage of each approved deposit credited as a bonus, at most the cap on one deposit. A change waits for a
 * second admin under the target 'deposit-bonus'; both values are shown and applied together.
 */

export const DEPOSIT_BONUS_TARGET = 'deposit-bonus';
export const DEPOSIT_BONUS_KEYS = ['deposit_bonus_percent', 'deposit_bonus_max'] as const;
type BonusKey = (typeof DEPOSIT_BONUS_KEYS)[number];
type Bonus = Pick<SiteSettings, BonusKey>;

/** Stored as JSON numbers (percent, yuan); shown with two decimals. */
const bonusFields = (b: Bonus): Fields => ({
  deposit_bonus_percent: centsToMoney(parseMoneyToCents(b.deposit_bonus_percent) ?? 0),
  deposit_bonus_max: centsToMoney(parseMoneyToCents(b.deposit_bonus_max) ?? 0),
});

/** One settings change at a time (site-admin-routes saveSettings takes the same lock). */
export const lockSettings = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('site_settings'))`);

/**
 * Proposes the deposit bonus `patch` gives (either key or both, the other kept) over the settings as they are: null
 * when it changes nothing. The caller holds the settings lock.
 */
export async function proposeDepositBonus(
  tx: Tx,
  operator: Proposer,
  patch: Partial<Bonus>,
  requestId: string,
): Promise<IntegrationChangeView | null> {
  const stored = await readSettings(tx, DEPOSIT_BONUS_KEYS);
  const current = bonusFields(stored);
  const after = bonusFields({ ...stored, ...patch });
  parseCapped(DepositBonusInput, after);
  if (JSON.stringify(after) === JSON.stringify(current)) return null;
  return proposeSetting(
    tx,
    operator,
    { target: DEPOSIT_BONUS_TARGET, before: current, after, print: fingerprint(current) },
    requestId,
  );
}

/** Applies an approved deposit bonus: false (stale) when the settings moved since; parsed with its caps again. */
export async function applyDepositBonus(
  tx: Tx,
  row: { target: string; after: string; fingerprint: string },
): Promise<boolean> {
  if (targetOf(row.target, DEPOSIT_BONUS_TARGET) !== '') return false;
  await lockSettings(tx);
  if (fingerprint(bonusFields(await readSettings(tx, DEPOSIT_BONUS_KEYS))) !== row.fingerprint) return false;
  const next = parseCapped(DepositBonusInput, JSON.parse(row.after) as Fields);
  await writeSettings(tx, {
    deposit_bonus_percent: next.deposit_bonus_percent / 100,
    deposit_bonus_max: next.deposit_bonus_max / 100,
  });
  return true;
}
