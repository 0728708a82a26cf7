import { BizCode, MSG } from '@h5/contract';
import { addressKey } from './client-address';
import { AppError } from './errors';
import type { AttemptLimiter } from './rate-limit';

/** Failed sign-ins are counted per client address and per account name (members' and operators' alike). */
export interface LoginLimiters {
  byAddress: AttemptLimiter;
  byName: AttemptLimiter;
}

/**
 * Counts a sign-in attempt before its password is checked, so parallel guesses cannot all pass a check made
 * before any of them counted; past either limit it answers 429 without checking the password (even a right one,
 * or the answer would tell). Answers the call that takes the attempt back once the password proved right.
 */
export async function admitLogin(limiters: LoginLimiters, ip: string, name: string): Promise<() => Promise<void>> {
  const address = addressKey(ip);
  // Names are unique regardless of case, so every spelling of one name shares its count.
  const account = name.trim().toLowerCase().slice(0, 64);
  if (await limiters.byAddress.hit(address)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  if (await limiters.byName.hit(account)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  return async () => {
    await Promise.all([limiters.byAddress.forgive(address), limiters.byName.forgive(account)]);
  };
}
