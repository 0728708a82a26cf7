import {
  adminEndpoints,
  centsToMoney,
  firstIssueMessage,
  isSiteUrl,
  MONEY_CAPS,
  MSG,
  parseMoneyToCents,
  settingInvalidMessage,
  unknownSettingMessage,
} from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { badInput } from '../../http/errors';
import { cleanHtml } from '../../lib/clean-html';
import { audit } from '../backoffice/audit';
import type { Proposer } from '../backoffice/pending-changes';
import { DEPOSIT_BONUS_KEYS, lockSettings, proposeDepositBonus } from './deposit-bonus';
import { DEFAULT_SETTINGS, readSettings, type SettingKey, type SiteSettings, writeSettings } from './site-service';

type Flag = 0 | 1;

/** 0 or 1, as a number or a string. */
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { message: MSG.flagInvalid })
  .transform((v) => Number(v) as Flag);

/** A two-decimal amount within [min, max] in cents, as cents. */
const cents = (min: number, max: number, outOfRange: string = MSG.numberInvalid) =>
  z.union([z.string().max(32), z.number()], { message: MSG.numberInvalid }).transform((v, ctx) => {
    const value = parseMoneyToCents(v);
    if (value === null || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: value === null ? MSG.numberInvalid : outOfRange });
      return z.NEVER;
    }
    return value;
  });
/** Stored as the two-decimal string the member endpoints answer ("7.20"). */
const rateText = (min: number, max: number) => cents(min, max).transform((c) => centsToMoney(c));
/** Stored as a JSON number (yuan, percent or a multiple), up to two decimals. */
const decimal = (min: number, max: number) => cents(min, max).transform((c) => c / 100);
/**
 * A two-person line (yuan): it can be lowered to 1.00 but never set to 0 (off), nor so high that it never applies.
 */
const reviewLine = cents(1_00, 100_000_00, MSG.reviewLineRange).transform((c) => c / 100);
/** A two-person line's daily total (yuan): what one person may move alone in a day; never off either. */
const dailyTotal = cents(1_00, 1_000_000_00, MSG.dailyTotalRange).transform((c) => c / 100);

const text = (min: number, max: number) =>
  z
    .string({ message: MSG.contentRequired })
    .trim()
    .min(min, { message: MSG.contentRequired })
    .max(max, { message: MSG.inputTooLong });

/** A path of our own site or an http(s) URL; `optional`: empty means unset (the built-in page or no redirect). */
const url = (optional: boolean, absolute = false) =>
  z
    .string({ message: MSG.urlInvalid })
    .trim()
    .max(500, { message: MSG.inputTooLong })
    .refine((v) => (v === '' ? optional : isSiteUrl(v) && (!absolute || !v.startsWith('/'))), {
      message: MSG.urlInvalid,
    });

/**
 * One schema per site setting (site-service DEFAULT_SETTINGS): what an operator may store there. The output type of
 * each is the type the readers of that setting expect.
 */
const SETTING_INPUTS: { [K in SettingKey]: z.ZodType<SiteSettings[K], unknown> } = {
  site_state: flag,
  title: text(1, 64),
  site_logo: url(false),
  repair_tips: text(0, 500),
  redpacket_switch: flag,
  index_modal: flag,
  // The welcome modal's HTML, cleaned before it is stored (lib/clean-html).
  webcontent: text(0, 20_000).transform(cleanHtml),
  h5_url: url(false),
  ios_download_url: url(false),
  ios_download_qrcode: url(false),
  fanshui: flag,
  // Clients navigate to it on 200 (docs/wire-rules.md "Wire details", getVisitUrl): another domain, so an absolute URL.
  visit_url: url(true, true),
  service_url: url(true),
  agent_login_url: url(true),
  usdtrate: rateText(1, 1000_00),
  withdrawusdtrate: rateText(1, 1000_00),
  withdrawcashfee: rateText(0, 10_000_00),
  withdrawfeeusdttrc: rateText(0, 10_000_00),
  withdraw_min: decimal(0, 100_000_000_00),
  withdraw_max: decimal(1, 100_000_000_00),
  withdraw_daily_count: z.coerce
    .number({ message: MSG.countInvalid })
    .int({ message: MSG.countInvalid })
    .min(1, { message: MSG.countInvalid })
    .max(1000, { message: MSG.countInvalid }),
  turnover_multiple: decimal(0, 100_00),
  // The deposit bonus waits for a second admin, within its caps (docs/operators.md "Caps on money settings").
  deposit_bonus_percent: cents(0, MONEY_CAPS.depositBonusPercent, MSG.depositBonusPercentInvalid).transform(
    (c) => c / 100,
  ),
  deposit_bonus_max: cents(0, MONEY_CAPS.depositBonusMax, MSG.depositBonusMaxInvalid).transform((c) => c / 100),
  min_fanshui_money: decimal(0, 100_000_000_00),
  withdraw_second_review_above: reviewLine,
  adjust_second_review_above: reviewLine,
  deposit_second_review_above: reviewLine,
  adjust_second_review_daily_operator: dailyTotal,
  adjust_second_review_daily_member: dailyTotal,
  withdraw_second_review_daily_operator: dailyTotal,
  withdraw_second_review_daily_member: dailyTotal,
  deposit_second_review_daily_operator: dailyTotal,
  deposit_second_review_daily_member: dailyTotal,
  operator_totp_required: flag,
};

const ALL_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_INPUTS, key);

/** Validates a partial settings object key by key; the first problem is refused with a Chinese message. */
export function parseSettingsPatch(body: Record<string, unknown>): Partial<SiteSettings> {
  const keys = Object.keys(body);
  if (keys.length === 0) throw badInput(MSG.settingsEmpty);
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    if (!isSettingKey(key)) throw badInput(unknownSettingMessage(key.slice(0, 64)));
    const parsed = SETTING_INPUTS[key].safeParse(body[key]);
    if (!parsed.success) {
      const reason = firstIssueMessage(parsed.error);
      throw badInput(settingInvalidMessage(key, reason === MSG.badInput ? undefined : reason));
    }
    patch[key] = parsed.data;
  }
  return patch as Partial<SiteSettings>;
}

const isBonusKey = (key: string) => (DEPOSIT_BONUS_KEYS as readonly string[]).includes(key);

/**
 * Writes a checked patch in one transaction with its audit row; answers every setting after the change, and whether
 * a change of the deposit bonus now waits for a second admin (it is proposed, not written).
 */
async function saveSettings(db: Db, checked: Partial<SiteSettings>, operator: Proposer, requestId: string) {
  const patch = Object.fromEntries(Object.entries(checked).filter(([k]) => !isBonusKey(k))) as Partial<SiteSettings>;
  const bonus = Object.fromEntries(Object.entries(checked).filter(([k]) => isBonusKey(k))) as Partial<SiteSettings>;
  const keys = Object.keys(patch) as SettingKey[];
  const operatorId = operator.id;
  return db.transaction(async (tx) => {
    // One settings change at a time: the withdrawal range is checked against what the other change left.
    await lockSettings(tx);
    const change = Object.keys(bonus).length ? await proposeDepositBonus(tx, operator, bonus, requestId) : null;
    const before = await readSettings(tx, ALL_KEYS);
    const merged = { ...before, ...patch };
    if (Number(merged.withdraw_min) > Number(merged.withdraw_max)) throw badInput(MSG.withdrawRangeInvalid);
    if (keys.length) {
      await writeSettings(tx, patch);
      await audit(tx, {
        operatorId,
        action: 'settings.update',
        target: 'settings',
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, merged[k]])),
        requestId,
      });
    }
    return { settings: await readSettings(tx, ALL_KEYS), pending: change !== null };
  });
}

/**
 * Back office: site settings (role admin only: they switch the site, the red packets, the money rules, the
 * two-person lines and the operators' two-factor requirement). Finance reads the withdrawal line, never sets it.
 */
export function siteAdminRoutes(app: FastifyInstance, deps: { db: Db }, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.settings, async () => ({
    data: await readSettings(db, ALL_KEYS),
  }));

  adminRoute(app, authenticate, adminEndpoints.settingsUpdate, async ({ input, operator, req }) => {
    const { settings, pending } = await saveSettings(db, parseSettingsPatch(input), operator, req.id);
    return { data: settings, message: pending ? MSG.integrationChangePending : MSG.settingSaved };
  });

  adminRoute(app, authenticate, adminEndpoints.withdrawReviewSetting, async () => ({
    data: await readSettings(db, ['withdraw_second_review_above']),
  }));

  adminRoute(app, authenticate, adminEndpoints.withdrawReviewSettingUpdate, async ({ input, operator, req }) => {
    const patch = parseSettingsPatch({ withdraw_second_review_above: input.withdraw_second_review_above });
    const { settings } = await saveSettings(db, patch, operator, req.id);
    return { data: { withdraw_second_review_above: settings.withdraw_second_review_above }, message: MSG.settingSaved };
  });
}
