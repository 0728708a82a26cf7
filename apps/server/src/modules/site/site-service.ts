import { BizCode, MSG } from '@h5/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { RouteGuard } from '../../http/route';
import { perDatabase, sameTurnReads } from '../../lib/same-turn-reads';
import { siteSettings } from '../../db/tables/site';

/**
 * Site settings with their defaults (docs/wire-rules.md "Site settings": numbers in `config` are settings an operator can change; the
 * seed writes these defaults). A key missing from the table falls back here, so a new setting needs no migration.
 */
type Flag = 0 | 1;

export const DEFAULT_SETTINGS = {
  site_state: 1 as Flag,
  title: '星河体育',
  site_logo: '/art/logo.svg',
  repair_tips: '系统维护中，预计30分钟后恢复，给您带来不便敬请谅解。',
  redpacket_switch: 1 as Flag,
  index_modal: 1 as Flag,
  webcontent:
    '<p>欢迎来到星河体育！新会员注册即可参与首存优惠，每日红包 10:00-12:00 开抢。</p><p>理性娱乐，量力而行。</p>',
  h5_url: 'http://localhost:8080/',
  ios_download_url: '/app/download.html',
  ios_download_qrcode: '/art/app-qrcode.svg',
  fanshui: 1 as Flag,
  /** A domain to send clients to; empty means stay (docs/wire-rules.md "Wire details", getVisitUrl). */
  visit_url: '',
  service_url: '',
  agent_login_url: '',
  usdtrate: '7.20',
  withdrawusdtrate: '7.30',
  /** ERC20 fee; the names are crossed on purpose (docs/wire-rules.md "Wire details"). */
  withdrawcashfee: '5.00',
  /** TRC20 fee. */
  withdrawfeeusdttrc: '1.00',
  // Withdrawal limits (docs/wire-rules.md "Withdrawals"): yuan per request, requests per Beijing day, and the turnover
  // needed as a multiple of the deposits approved since the last approved withdrawal.
  withdraw_min: 100,
  withdraw_max: 50000,
  withdraw_daily_count: 5,
  turnover_multiple: 1,
  /** Bonus credited on each approved deposit, as a percentage of it (0 = none), at most 100 ... */
  deposit_bonus_percent: 0,
  /** ... and at most this on one deposit, in yuan (0-20,000.00; docs/operators.md "Caps on money settings"). */
  deposit_bonus_max: 1888,
  /** A settled bet yields a rebate row only when its valid amount is above this, in yuan (docs/wire-rules.md "Rebates"). */
  min_fanshui_money: 0,
  // The two-person lines (docs/operators.md "Operators and the back-office API"), yuan, admin-only and never off (1.00-100,000.00): a withdrawal above
  // the first needs a second approval by another operator; a manual adjustment above the second waits for one.
  withdraw_second_review_above: 5000,
  adjust_second_review_above: 1000,
  /** A manual deposit (no gateway) above it needs a second approval by another operator. */
  deposit_second_review_above: 5000,
  // Their daily totals (docs/operators.md "Two-person lines"), yuan, admin-only and never off (1.00-1,000,000.00): what one
  // operator applied or approved alone in a Beijing day, and what one member received or was paid that way. Past
  // one, the item waits for a second person even when it is under the line.
  adjust_second_review_daily_operator: 5000,
  adjust_second_review_daily_member: 2000,
  withdraw_second_review_daily_operator: 50000,
  withdraw_second_review_daily_member: 10000,
  deposit_second_review_daily_operator: 20000,
  deposit_second_review_daily_member: 10000,
  /** 1: every operator must enrol two-factor sign-in (TOTP) before any other back-office call. */
  operator_totp_required: 0 as Flag,
};

export type SiteSettings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof SiteSettings;

type SettingRow = typeof siteSettings.$inferSelect;

function settingsFrom<K extends SettingKey>(
  rows: (SettingRow | undefined)[],
  keys: readonly K[],
): Pick<SiteSettings, K> {
  const result = {} as Pick<SiteSettings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r?.key === key);
    result[key] = (row ? JSON.parse(row.value) : DEFAULT_SETTINGS[key]) as SiteSettings[K];
  }
  return result;
}

export async function readSettings<K extends SettingKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<Pick<SiteSettings, K>> {
  return settingsFrom(
    await db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, keys as readonly string[] as string[])),
    keys,
  );
}

/** Settings read on every money call: the calls that arrive together share one read (same-turn-reads.ts). */
const settingReader = perDatabase((db: Db) => {
  const query = db
    .select()
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ANY(${sql.placeholder('keys')})`)
    .prepare('site_settings_by_keys');
  return sameTurnReads(
    (keys: string[]) => query.execute({ keys }),
    (row) => row.key,
  );
});

export async function writeSettings(db: DbOrTx, values: Partial<SiteSettings>): Promise<void> {
  for (const [key, raw] of Object.entries(values)) {
    const value = JSON.stringify(raw);
    await db
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  }
}

/** The kinds of money with a two-person line: manual adjustments, withdrawals, manual deposits. */
export type LineKind = 'adjust' | 'withdraw' | 'deposit';
type LineKey = `${LineKind}_second_review_${'above' | 'daily_operator' | 'daily_member'}`;

const lineCents = (key: LineKey, value: unknown): number => {
  const cents = Math.round(Number(value) * 100);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : DEFAULT_SETTINGS[key] * 100;
};

/** A two-person line in cents. One read as 0 or unreadable (edited in the database) falls back to the default. */
export async function reviewLineCents(db: DbOrTx, key: LineKey): Promise<number> {
  const { [key]: line } = await readSettings(db, [key]);
  return lineCents(key, line);
}

/** A kind's line and its two daily totals (per operator, per member), in cents, read as reviewLineCents reads one. */
export async function reviewLinesOf(
  db: DbOrTx,
  kind: LineKind,
): Promise<{ above: number; operatorDay: number; memberDay: number }> {
  const keys = [
    `${kind}_second_review_above`,
    `${kind}_second_review_daily_operator`,
    `${kind}_second_review_daily_member`,
  ] as const;
  const values = await readSettings(db, keys);
  return {
    above: lineCents(keys[0], values[keys[0]]),
    operatorDay: lineCents(keys[1], values[keys[1]]),
    memberDay: lineCents(keys[2], values[keys[2]]),
  };
}

/**
 * The guard of every member call that moves money or could start moving it, while site_state is 0 (maintenance):
 * recharge, withdraw, bindcard, transfer, transall, getGameUrl (it launches a game and, with auto-transfer, moves
 * the balance), dofanshui, douserredpacket and doactivityapply. They answer 403 with repair_tips (a fixed message
 * when that is empty) and change nothing. Reads, logins, profile calls and the back office keep working, and so
 * does the gateways' payment notify: money a member already paid is still credited.
 */
export function openForMoney(db: Db): RouteGuard {
  const read = (key: SettingKey) => settingReader(db)(key);
  return async () => {
    const keys = ['site_state', 'repair_tips'] as const;
    const { site_state, repair_tips } = settingsFrom(await Promise.all(keys.map(read)), keys);
    if (Number(site_state) === 0)
      throw new AppError(BizCode.FORBIDDEN, String(repair_tips).trim() || MSG.siteMaintenance);
  };
}

/** The rebate switch (site setting fanshui): off, settled bets accrue no rebate and dofanshui pays nothing. */
export async function rebatesOn(db: DbOrTx): Promise<boolean> {
  const { fanshui } = await readSettings(db, ['fanshui']);
  return Number(fanshui) !== 0;
}
