import { type adminResources, BizCode, MSG } from '@h5/contract';
import { and, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { venues } from '../../db/tables/venues';
import { publicKeyOf } from '../../providers/venues/hub88/hub88-keys';
import type { Venue } from './venue-records';

type VenueInput = z.output<typeof adminResources.venues.create.input>;

const sameCode = (column: typeof venues.code, code: string) => sql`lower(${column}) = lower(${code})`;

/**
 * The venue rows as the console's venue resource (contract adminResources.venues) writes and shows them: the table,
 * its order, the checks against other rows, the columns written and the item answered. The back office's content
 * routes mount it, adding what needs the areas above this one: the delete's money check (wallet) and each item's
 * pending integration change (integrations).
 *
 * Venues hold member balances: the code is their identity in the ledger, bets, rebates and game tiles, so it is fixed
 * once created.
 */
export const venueConsoleRows = {
  table: venues,
  orderBy: [venues.sort, venues.id],
  verify: async (tx: Tx, input: VenueInput, before: Venue | null) => {
    if (before && before.code !== input.code) throw new AppError(BizCode.CONFLICT, MSG.venueCodeLocked);
    // Clients send codes in any case (findVenue): two codes differing only in case would be one venue to them.
    const clash = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(
        before ? and(sameCode(venues.code, input.code), ne(venues.id, before.id)) : sameCode(venues.code, input.code),
      )
      .limit(1);
    if (clash.length > 0) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
  },
  columns: (i: VenueInput) => ({
    code: i.code,
    name: i.name,
    platname: i.platname || i.code,
    categoryId: i.category_id,
    sort: i.sort,
    enabled: i.enabled,
    // The wallet mode, address, secret and currency are not written here: a new venue has none of them and moves
    // no money until an admin's integration change is approved by another admin (modules/integrations).
  }),
  view: (r: Venue) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    platname: r.platname,
    category_id: r.categoryId,
    sort: r.sort,
    enabled: r.enabled,
    wallet_mode: r.walletMode,
    api_base_url: r.apiBaseUrl,
    api_secret_set: r.apiSecret !== '',
    currency: r.currency,
    protocol: r.protocol,
    operator_id: r.operatorId,
    aggregator_public_key: r.aggregatorPublicKey,
    // Our private key is never answered: only whether it is set, and the public key the aggregator needs of it.
    private_key_set: r.privateKey !== '',
    public_key: publicKeyOf(r.privateKey),
    pending_change: false,
  }),
};
