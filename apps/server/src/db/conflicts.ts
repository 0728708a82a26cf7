/** SQLSTATEs after which the same transaction, run again, may well succeed: deadlock and serialization failure. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/** Whether an error (or one it wraps, as drizzle wraps the driver's) is a deadlock or a serialization failure. */
export function isRetryableConflict(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && RETRYABLE_STATES.has(err.code)) return true;
  }
  return false;
}
