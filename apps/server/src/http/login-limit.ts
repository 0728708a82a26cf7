import { BizCode, MSG } from '@h5/contract';
import { addressKey } from './client-address';
import { AppError } from './errors';
import type { AttemptLimiter } from './rate-limit';

/**
 * Failed sign-ins are counted per client address and per account name at that address (members' and operators'
 * alike), never per account name alone: a count an account shares across addresses would let anyone lock its owner
 * out from everywhere with a few wrong passwords from elsewhere (docs/decisions.md "Rate limits").
 */
export interface LoginLimiters {
  byAddress: AttemptLimiter;
  byAccountAtAddress: AttemptLimiter;
}

/**
 * Counts a sign-in attempt before its password is checked, so parallel guesses cannot all pass a check made
 * before any of them counted; past either limit it answers 429 without checking the password (even a right one,
 * or the answer would tell). Answers the call that takes the attempt back once the password proved right.
 */
export async function admitLogin(limiters: LoginLimiters, ip: string, name: string): Promise<() => Promise<void>> {
  const address = addressKey(ip);
  // Names are unique regardless of case, so every spelling of one name shares its count (an address has no space).
  const accountAtAddress = `${address} ${name.trim().toLowerCase().slice(0, 64)}`;
  if (await limiters.byAddress.hit(address)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  if (await limiters.byAccountAtAddress.hit(accountAtAddress))
    throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  return async () => {
    await Promise.all([limiters.byAddress.forgive(address), limiters.byAccountAtAddress.forgive(accountAtAddress)]);
  };
}
