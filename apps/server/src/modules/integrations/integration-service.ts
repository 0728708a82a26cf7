import { BizCode, INTEGRATION_CHANGE_STATES as STATE, MSG } from '@h5/contract';
import type { VenueProtocol } from '@h5/contract/venue-protocols';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { type OutboundPolicy, checkOutboundUrl } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import type { AuthedOperator } from '../../http/admin-route';
import { audit } from '../backoffice/audit';
import {
  type Applied,
  changeById,
  type ChangeRow,
  changeView,
  fingerprint,
  type IntegrationChangeView,
  lockChangeById,
  maskSecret,
  propose,
  type Proposal,
  requireSecretForNewAddress,
  settleChange,
  withPending,
} from '../backoffice/pending-changes';
import { refuseUnlessSecondPerson } from '../backoffice/second-person';
import { applyGatewayChange, checkGatewayAddress } from '../payments/gateway-changes';
import { holdVenueExclusively, venueHoldsMoney } from '../wallet/venue-directory';
import { lockVenueByCode, lockVenueById, setVenueIntegration, type Venue } from '../venues/venue-records';
import { setVenueProtocol } from '../venues/venue-keys';
import {
  keyFingerprint,
  newPrivateKey,
  normalizePrivateKey,
  normalizePublicKey,
  publicKeyOf,
} from '../../providers/venues/hub88/hub88-keys';
import { applyOperatorChange } from './operator-changes';
import { applySettingChange } from './setting-changes';

/**
 * Integration changes (docs/operators.md "Operators and the back-office API"): what lets a venue or a payment gateway move money (a venue's wallet
 * mode, API address, secret and currency; a gateway's creation, merchant, secret and submit_url) is proposed by one
 * admin and applied, in one transaction, only when another admin approves it. A secret is kept to be applied and
 * never answered: every answer and audit row shows it as ********. A gateway's changes are proposed and applied by
 * payments (payments/gateway-changes.ts); the approval, its checks and its audit row are here.
 */

// The queue's record lives on the backoffice floor, where every area that proposes can reach it.
export { changeView, type IntegrationChangeView, propose, type Proposal, withPending };
type Fields = Record<string, string>;

/** Whether a venue has settings of a key-pair protocol (hub88): then its change shows and prints them too. */
const speaksKeys = (v: Pick<Venue, 'protocol' | 'operatorId' | 'aggregatorPublicKey' | 'privateKey'>) =>
  v.protocol !== 'h5' || v.operatorId !== '' || v.aggregatorPublicKey !== '' || v.privateKey !== '';

/** A venue's key-pair settings as the queue shows them: public keys by their digest, our private key masked. */
const keyFields = (v: { operatorId: string; aggregatorPublicKey: string; privateKey: string }): Fields => ({
  operator_id: v.operatorId,
  aggregator_public_key: keyFingerprint(v.aggregatorPublicKey),
  private_key: maskSecret(v.privateKey),
  public_key: keyFingerprint(publicKeyOf(v.privateKey)),
});

const venueFields = (v: Venue): Fields => ({
  wallet_mode: v.walletMode,
  api_base_url: v.apiBaseUrl,
  api_secret: maskSecret(v.apiSecret),
  currency: v.currency,
  protocol: v.protocol,
  ...(speaksKeys(v) ? keyFields(v) : {}),
});

// A digest of the target's integration, secret and keys included (fingerprint): an approval applies only over what
// the maker saw. A venue without key-pair settings prints as it did before they existed.
const venuePrint = (v: Venue | undefined) =>
  fingerprint(
    v
      ? [
          v.walletMode,
          v.apiBaseUrl,
          v.apiSecret,
          v.currency,
          ...(speaksKeys(v) ? [v.protocol, v.operatorId, v.aggregatorPublicKey, v.privateKey] : []),
        ]
      : null,
  );

/** A venue's API address: refused (400) unless the outbound policy allows it; none (a seamless venue) is none. */
export async function checkAddress(url: string, policy: OutboundPolicy): Promise<void> {
  if (url === '') return;
  const refusal = await checkOutboundUrl(url, policy);
  if (refusal) throw badInput(refusal);
}

export interface VenueIntegration {
  wallet_mode: 'transfer' | 'seamless';
  api_base_url: string;
  api_secret: string;
  currency: string;
  /** Absent: the venue's protocol stays (a change made before protocols were proposed). */
  protocol?: VenueProtocol;
  operator_id?: string;
  /** The aggregator's public key (PEM); '' keeps the stored one. */
  aggregator_public_key?: string;
  /** Our private key (PEM); '' keeps the stored one. */
  private_key?: string;
  /** Make a new private key of ours (not with `private_key`). */
  generate_private_key?: boolean;
}

/** A venue's settings once a change applies: what it proposes, the stored values where it keeps them. */
interface VenueNext {
  walletMode: 'transfer' | 'seamless';
  apiBaseUrl: string;
  /** The new secret ('' keeps the stored one). */
  apiSecret: string;
  currency: string;
  protocol: VenueProtocol;
  operatorId: string;
  /** New keys ('' keeps the stored one). */
  aggregatorPublicKey: string;
  privateKey: string;
}

/**
 * The values a venue change applies that its queue row does not show whole: the secret alone (as before key-pair
 * protocols), or, when the change names our private key (its `after` has `private_key`), a JSON of the secret and
 * both keys. Never answered, dropped from the row once decided.
 */
const packSecret = (next: VenueNext, withKeys: boolean) =>
  withKeys
    ? JSON.stringify({
        api_secret: next.apiSecret,
        aggregator_public_key: next.aggregatorPublicKey,
        private_key: next.privateKey,
      })
    : next.apiSecret;

function unpackSecret(secret: string, withKeys: boolean) {
  if (!withKeys) return { apiSecret: secret, aggregatorPublicKey: '', privateKey: '' };
  const packed = JSON.parse(secret || '{}') as Partial<Record<string, string>>;
  return {
    apiSecret: packed.api_secret ?? '',
    aggregatorPublicKey: packed.aggregator_public_key ?? '',
    privateKey: packed.private_key ?? '',
  };
}

/** The checks of a venue's integration as proposed, against the venue as it is (also when approved). */
async function checkVenueIntegration(tx: Tx, venue: Venue, next: VenueNext): Promise<void> {
  if (next.protocol === 'hub88') {
    // A hub88 venue signs with its keys (docs/venues.md "Venue protocols"): no shared secret. Its wallet mode chooses
    // the Wallet API (seamless) or the TransferWallet API (transfer, docs/venues.md "Hub88 transfer wallet").
    if (!next.apiBaseUrl) throw badInput(MSG.venueHub88ApiUrlRequired);
    if (!/^\d{1,15}$/.test(next.operatorId)) throw badInput(MSG.venueOperatorIdInvalid);
    if (!next.aggregatorPublicKey && !venue.aggregatorPublicKey) throw badInput(MSG.venueAggregatorKeyRequired);
    if (!next.privateKey && !venue.privateKey) throw badInput(MSG.venuePrivateKeyRequired);
  } else {
    if (!next.apiSecret && !venue.apiSecret) throw badInput(MSG.venueSecretRequired);
    if (next.walletMode === 'transfer' && !next.apiBaseUrl) throw badInput(MSG.venueApiUrlRequired);
  }
  // Money held under one mode is accounted for that way: the mode changes only on an empty venue.
  if (venue.walletMode !== next.walletMode) {
    await holdVenueExclusively(tx, venue.code);
    if (await venueHoldsMoney(tx, venue.code)) throw new AppError(BizCode.CONFLICT, MSG.venueModeLocked);
  }
}

/**
 * The keys a hub88 proposal brings, as stored (re-exported PEM): the aggregator's public key pasted, our private key
 * pasted or made now. A key that is not usable is refused (400) before anything is written.
 */
async function proposedKeys(next: VenueIntegration): Promise<{ aggregatorPublicKey: string; privateKey: string }> {
  if (next.protocol !== 'hub88') return { aggregatorPublicKey: '', privateKey: '' };
  let aggregatorPublicKey = '';
  if (next.aggregator_public_key) {
    aggregatorPublicKey = normalizePublicKey(next.aggregator_public_key) ?? '';
    if (!aggregatorPublicKey) throw badInput(MSG.venueAggregatorKeyInvalid);
  }
  if (next.generate_private_key && next.private_key) throw badInput(MSG.venuePrivateKeyTwice);
  let privateKey = '';
  if (next.private_key) {
    privateKey = normalizePrivateKey(next.private_key) ?? '';
    if (!privateKey) throw badInput(MSG.venuePrivateKeyInvalid);
  }
  if (next.generate_private_key) privateKey = await newPrivateKey();
  return { aggregatorPublicKey, privateKey };
}

export async function proposeVenueIntegration(
  db: DbOrTx,
  policy: OutboundPolicy,
  operator: AuthedOperator,
  venueId: number,
  input: VenueIntegration,
  requestId: string,
): Promise<IntegrationChangeView> {
  await checkAddress(input.api_base_url, policy);
  const keys = await proposedKeys(input);
  return db.transaction(async (tx) => {
    const venue = await lockVenueById(tx, venueId);
    if (!venue) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const protocol = input.protocol ?? venue.protocol;
    const next: VenueNext = {
      walletMode: input.wallet_mode,
      apiBaseUrl: input.api_base_url,
      apiSecret: input.api_secret,
      currency: input.currency,
      protocol,
      operatorId: protocol === 'hub88' ? (input.operator_id ?? venue.operatorId) : venue.operatorId,
      ...keys,
    };
    // A shared secret goes to the venue's host with every call: a new host gets a new one. A hub88 host is handed
    // only signatures, never our private key.
    if (protocol !== 'hub88') requireSecretForNewAddress(next.apiBaseUrl !== venue.apiBaseUrl, next.apiSecret);
    const unchanged =
      !next.apiSecret &&
      !next.aggregatorPublicKey &&
      !next.privateKey &&
      next.walletMode === venue.walletMode &&
      next.apiBaseUrl === venue.apiBaseUrl &&
      next.currency === venue.currency &&
      next.protocol === venue.protocol &&
      next.operatorId === venue.operatorId;
    if (unchanged) throw badInput(MSG.integrationNothingChanged);
    await checkVenueIntegration(tx, venue, next);
    const withKeys = protocol === 'hub88' || speaksKeys(venue);
    const after = {
      wallet_mode: next.walletMode,
      api_base_url: next.apiBaseUrl,
      api_secret: maskSecret(next.apiSecret || venue.apiSecret),
      currency: next.currency,
      protocol: next.protocol,
      ...(withKeys
        ? keyFields({
            operatorId: next.operatorId,
            aggregatorPublicKey: next.aggregatorPublicKey || venue.aggregatorPublicKey,
            privateKey: next.privateKey || venue.privateKey,
          })
        : {}),
    };
    return propose(
      tx,
      operator,
      {
        kind: 'venue',
        target: venue.code,
        action: 'update',
        before: venueFields(venue),
        after,
        secret: packSecret(next, withKeys),
        print: venuePrint(venue),
      },
      requestId,
    );
  });
}

/** The change's row, locked; 404 when there is none. */
async function lockChange(tx: Tx, id: number): Promise<ChangeRow> {
  const row = await lockChangeById(tx, id);
  if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.integrationChangeNotFound);
  return row;
}

async function decide(
  tx: Tx,
  row: ChangeRow,
  operator: AuthedOperator,
  state: number,
  note: string,
  requestId: string,
): Promise<ChangeRow> {
  const decided = await settleChange(tx, row.id, state, operator, note);
  const action = {
    [STATE.applied]: 'approve',
    [STATE.rejected]: 'reject',
    [STATE.withdrawn]: 'withdraw',
    [STATE.stale]: 'stale',
  }[state];
  await audit(tx, {
    operatorId: operator.id,
    action: `integration.${action}`,
    target: `${row.targetKind}:${row.target}`,
    before: JSON.parse(row.before) as unknown,
    after: { change: row.id, ...(JSON.parse(row.after) as Fields), note },
    requestId,
  });
  return decided!;
}

/** Applies the change to its target when it is still as the maker saw it, by its kind. */
async function apply(
  tx: Tx,
  row: ChangeRow,
  approver: AuthedOperator,
  at: { now: Date; requestId: string },
): Promise<Applied> {
  if (row.targetKind === 'operator') return applyOperatorChange(tx, row, approver, at);
  if (row.targetKind === 'setting') return applySettingChange(tx, row);
  return (await applyIntegration(tx, row)) && {};
}

/** Applies a venue's or gateway's integration change; false when stale. */
async function applyIntegration(tx: Tx, row: ChangeRow): Promise<boolean> {
  const after = JSON.parse(row.after) as Fields;
  if (row.targetKind === 'venue') {
    const venue = await lockVenueByCode(tx, row.target);
    if (!venue || venuePrint(venue) !== row.fingerprint) return false;
    // A change that names our private key carries its keys with the secret (packSecret).
    const secrets = unpackSecret(row.secret, after.private_key !== undefined);
    const protocol = after.protocol === 'hub88' || after.protocol === 'h5' ? after.protocol : venue.protocol;
    const next: VenueNext = {
      walletMode: after.wallet_mode === 'seamless' ? 'seamless' : 'transfer',
      apiBaseUrl: after.api_base_url ?? '',
      currency: after.currency ?? venue.currency,
      protocol,
      operatorId: after.operator_id ?? venue.operatorId,
      ...secrets,
    };
    await checkVenueIntegration(tx, venue, next);
    await setVenueIntegration(tx, venue.id, {
      walletMode: next.walletMode,
      apiBaseUrl: next.apiBaseUrl,
      currency: next.currency,
      apiSecret: next.apiSecret,
    });
    await setVenueProtocol(tx, venue.id, {
      protocol: next.protocol,
      operatorId: next.operatorId,
      aggregatorPublicKey: next.aggregatorPublicKey,
      privateKey: next.privateKey,
    });
    return true;
  }
  return applyGatewayChange(tx, row);
}

/**
 * A second admin approves: the change is applied in one transaction with its audit row. The maker cannot approve
 * (403); a change whose target moved since it was made is refused as stale (409) and stays refused.
 */
export async function approveChange(
  db: DbOrTx,
  policy: OutboundPolicy,
  operator: AuthedOperator,
  id: number,
  note: string,
  requestId: string,
  clock: Clock,
): Promise<IntegrationChangeView> {
  // The address is checked again now: its host may resolve elsewhere than when the change was made.
  const peek = await changeById(db, id);
  if (peek && (peek.targetKind === 'venue' || peek.targetKind === 'gateway')) {
    const after = JSON.parse(peek.after) as Fields;
    if (peek.targetKind === 'gateway') await checkGatewayAddress(after.submit_url ?? '', policy);
    else await checkAddress(after.api_base_url ?? '', policy);
  }
  const outcome = await db.transaction(async (tx) => {
    const row = await lockChange(tx, id);
    if (row.state !== STATE.pending) throw new AppError(BizCode.CONFLICT, MSG.integrationChangeDecided);
    await refuseUnlessSecondPerson(
      tx,
      { makerId: row.makerId, madeAt: row.createdAt },
      operator.id,
      MSG.integrationMakerCannotApprove,
    );
    const applied = await apply(tx, row, operator, { now: clock.now(), requestId });
    if (!applied) {
      await decide(tx, row, operator, STATE.stale, note, requestId);
      return { stale: row.targetKind };
    }
    return { row: await decide(tx, row, operator, STATE.applied, note, requestId), shown: applied.shown };
  });
  if ('stale' in outcome)
    throw new AppError(
      BizCode.CONFLICT,
      outcome.stale === 'operator'
        ? MSG.operatorChangeStale
        : outcome.stale === 'setting'
          ? MSG.settingChangeStale
          : MSG.integrationChangeStale,
    );
  return { ...changeView(outcome.row), ...outcome.shown };
}

/** Another admin rejects a pending change with its reason; its maker withdraws it the same way. */
export async function rejectChange(
  db: DbOrTx,
  operator: AuthedOperator,
  id: number,
  reason: string,
  requestId: string,
): Promise<{ change: IntegrationChangeView; withdrawn: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockChange(tx, id);
    if (row.state !== STATE.pending) throw new AppError(BizCode.CONFLICT, MSG.integrationChangeDecided);
    const withdrawn = row.makerId === operator.id;
    const decided = await decide(tx, row, operator, withdrawn ? STATE.withdrawn : STATE.rejected, reason, requestId);
    return { change: changeView(decided), withdrawn };
  });
}
