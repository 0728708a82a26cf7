import { eq } from 'drizzle-orm';
import type { VenueProtocol } from '@h5/contract/venue-protocols';
import type { Tx } from '../../db/client';
import { venues } from '../../db/tables/venues';

/** A venue's protocol and key-pair settings as an approved integration change writes them. */
export interface VenueProtocolColumns {
  protocol: VenueProtocol;
  operatorId: string;
  /** The aggregator's public key (PEM); absent or '' keeps the stored one. */
  aggregatorPublicKey?: string;
  /** Our private key (PEM); absent or '' keeps the stored one. */
  privateKey?: string;
}

/**
 * Writes a venue's protocol, operator id and keys in the caller's transaction (an approved change,
 * modules/integrations; docs/venues.md "Connecting Hub88 step by step").
 */
export async function setVenueProtocol(tx: Tx, id: number, next: VenueProtocolColumns): Promise<void> {
  await tx
    .update(venues)
    .set({
      protocol: next.protocol,
      operatorId: next.operatorId,
      ...(next.aggregatorPublicKey ? { aggregatorPublicKey: next.aggregatorPublicKey } : {}),
      ...(next.privateKey ? { privateKey: next.privateKey } : {}),
    })
    .where(eq(venues.id, id));
}
