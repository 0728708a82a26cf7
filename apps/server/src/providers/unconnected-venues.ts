import { BizCode, MSG } from '@h5/contract';
import { AppError } from '../http/errors';
import { accountCode, balanceOf, ensureAccount } from '../modules/ledger/ledger-service';
import type { GameProvider } from './game-provider';

/**
 * The venues of an install without the sandbox and with no aggregator connected yet: nothing can be moved into a
 * venue or launched there. A balance an operator's venue account still holds in the ledger can always come back
 * to the central wallet (the ledger account is then the whole of that venue wallet).
 */
export function unconnectedVenues(): GameProvider {
  const refuse = () => {
    throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  };
  return {
    name: 'unconnected',
    acceptsMoneyIn: false,
    async ensureAccount(tx, ref) {
      await ensureAccount(tx, accountCode.venue(ref.memberId, ref.venue), 'venue', ref.memberId, ref.venue);
    },
    async balance(tx, ref) {
      return balanceOf(tx, accountCode.venue(ref.memberId, ref.venue));
    },
    async transferIn() {
      refuse();
    },
    async transferOut() {
      // The ledger movement out of the venue account is all there is to it.
    },
    async launchUrl() {
      return refuse();
    },
  };
}
