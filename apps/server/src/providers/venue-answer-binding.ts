import { parseMoneyToCents, VENUE_SIGNATURE_WINDOW_SECONDS, type VenueApiCall } from '@h5/contract';
import type { Clock } from '../lib/time';

/** The reasons an answer is not bound to its request (a call ending in doubt for one of these is worth a note). */
export const UNBOUND = {
  transfer: 'answer names another transfer',
  stale: 'answer not fresh',
  amount: 'answer names another amount',
} as const;
export const isUnbound = (reason: string) => (Object.values(UNBOUND) as string[]).includes(reason);

/**
 * Why a venue's signed answer does not belong to the request it came back for, or null when it does (contract
 * `venue-wallet.ts`, "The API of a remote transfer-wallet venue"). A signature only proves the venue wrote the answer
 * once; what it answered is told by the transfer number, the amount and the venue's fresh time inside it, so a
 * captured answer replayed for another transfer, another amount or later proves nothing.
 */
export function unboundAnswer(
  call: VenueApiCall,
  request: Record<string, unknown>,
  answer: Record<string, unknown>,
  clock: Clock,
): string | null {
  if (call !== 'transfer' && call !== 'transferStatus') return null;
  if (answer.transfer_id !== request.transfer_id) return UNBOUND.transfer;
  if (
    typeof answer.timestamp !== 'number' ||
    Math.abs(Math.floor(clock.now().getTime() / 1000) - answer.timestamp) > VENUE_SIGNATURE_WINDOW_SECONDS
  ) {
    return UNBOUND.stale;
  }
  // A status answer's amount is the venue's record of what it applied: the caller compares it (a partial transfer).
  if (call === 'transfer') {
    const asked = parseMoneyToCents(String(request.amount));
    if (asked === null || parseMoneyToCents(String(answer.amount)) !== asked) return UNBOUND.amount;
  }
  return null;
}
