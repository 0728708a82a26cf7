import { BizCode, INTEGRATION_CHANGE_STATES as STATE, MSG } from '@h5/contract';
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

const venueFields = (v: Pick<Venue, 'walletMode' | 'apiBaseUrl' | 'apiSecret' | 'currency'>): Fields => ({
  wallet_mode: v.walletMode,
  api_base_url: v.apiBaseUrl,
  api_secret: maskSecret(v.apiSecret),
  currency: v.currency,
});

// A digest of the target's integration, secret included (fingerprint): an approval applies only over what the maker saw.
const venuePrint = (v: Venue | undefined) =>
  fingerprint(v ? [v.walletMode, v.apiBaseUrl, v.apiSecret, v.currency] : null);

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
}

/** The checks of a venue's integration as proposed, against the venue as it is (also when approved). */
async function checkVenueIntegration(tx: Tx, venue: Venue, next: VenueIntegration): Promise<void> {
  if (!next.api_secret && !venue.apiSecret) throw badInput(MSG.venueSecretRequired);
  if (next.wallet_mode === 'transfer' && !next.api_base_url) throw badInput(MSG.venueApiUrlRequired);
  // Money held under one mode is accounted for that way: the mode changes only on an empty venue.
  if (venue.walletMode !== next.wallet_mode) {
    await holdVenueExclusively(tx, venue.code);
    if (await venueHoldsMoney(tx, venue.code)) throw new AppError(BizCode.CONFLICT, MSG.venueModeLocked);
  }
}

export async function proposeVenueIntegration(
  db: DbOrTx,
  policy: OutboundPolicy,
  operator: AuthedOperator,
  venueId: number,
  next: VenueIntegration,
  requestId: string,
): Promise<IntegrationChangeView> {
  await checkAddress(next.api_base_url, policy);
  return db.transaction(async (tx) => {
    const venue = await lockVenueById(tx, venueId);
    if (!venue) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    requireSecretForNewAddress(next.api_base_url !== venue.apiBaseUrl, next.api_secret);
    const unchanged =
      !next.api_secret &&
      next.wallet_mode === venue.walletMode &&
      next.api_base_url === venue.apiBaseUrl &&
      next.currency === venue.currency;
    if (unchanged) throw badInput(MSG.integrationNothingChanged);
    await checkVenueIntegration(tx, venue, next);
    const after = {
      wallet_mode: next.wallet_mode,
      api_base_url: next.api_base_url,
      api_secret: maskSecret(next.api_secret || venue.apiSecret),
      currency: next.currency,
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
        secret: next.api_secret,
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
    const next: VenueIntegration = {
      wallet_mode: after.wallet_mode === 'seamless' ? 'seamless' : 'transfer',
      api_base_url: after.api_base_url ?? '',
      api_secret: row.secret,
      currency: after.currency ?? venue.currency,
    };
    await checkVenueIntegration(tx, venue, next);
    await setVenueIntegration(tx, venue.id, {
      walletMode: next.wallet_mode,
      apiBaseUrl: next.api_base_url,
      currency: next.currency,
      apiSecret: row.secret,
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
