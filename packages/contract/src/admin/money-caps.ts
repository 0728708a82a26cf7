/**
 * The hard caps of the settings that move money (docs/operators.md "Caps on money settings"): above what the market pays, far
 * below a money pump. Each is part of its setting's input schema, so it is checked when one admin proposes the change
 * and again when a second admin approves it (the server parses the proposed values with the same schema).
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { centsInput } from './atoms';

/** Percent values are in hundredths of a percent (3.00% is 300), amounts in cents. */
export const MONEY_CAPS = {
  /** A VIP level's rebate of one category: at most 3.00% of the valid stake. */
  rebateRate: 3_00,
  /** A deposit bonus: at most 100% of the deposit ... */
  depositBonusPercent: 100_00,
  /** ... and at most 20,000.00 on one deposit. */
  depositBonusMax: 20_000_00,
  /** A red-packet rule's prize cap: at most 10% of the day's deposits ... */
  redpacketPercent: 10_00,
  /** ... its grabs a day times that cap: at most 10% of the day's deposits together ... */
  redpacketDayPercent: 10_00,
  /** ... and the deposits its band counts: at most 1,000,000.00. */
  redpacketBandMax: 1_000_000_00,
  /** A commission plan's tier: at most 60% of the month's net revenue. */
  commissionRate: 60_00,
  /** A pay way's range: one deposit at most 1,000,000.00. */
  payRangeMax: 1_000_000_00,
} as const;

/** A percent in hundredths (two decimals) within [0, max], with the message of its cap. */
export const cappedPercent = (max: number, message: string) =>
  centsInput.refine((hundredths) => hundredths <= max, { message });

/** A VIP rebate rate: 0 to 3.00 (percent of valid stake). */
export const rebateRate = cappedPercent(MONEY_CAPS.rebateRate, MSG.rebatePercentInvalid);

/** The deposit bonus (site settings deposit_bonus_percent and deposit_bonus_max), as cents and hundredths. */
export const DepositBonusInput = z.object({
  deposit_bonus_percent: cappedPercent(MONEY_CAPS.depositBonusPercent, MSG.depositBonusPercentInvalid),
  deposit_bonus_max: centsInput.refine((cents) => cents <= MONEY_CAPS.depositBonusMax, {
    message: MSG.depositBonusMaxInvalid,
  }),
});
