import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addVenue, useTestApp } from '../../../test/helper';
import { venues } from '../../db/tables/venues';
import {
  allVenues,
  lockVenueByCode,
  lockVenueById,
  setVenueIntegration,
  transferVenueCodes,
  venueByCode,
  venueByCodeInAnyCase,
  venueByLowerCode,
  venueNamesByCode,
} from './venue-records';

const t = useTestApp();

beforeAll(async () => {
  await addVenue(t, 'VRA', 'live', 1, { name: '甲场馆' });
  await addVenue(t, 'VRB', 'live', 0, { name: '乙场馆' });
  // A seamless venue and a transfer venue without an address: neither is one whose bets are pulled.
  await addVenue(t, 'VRS', 'slot');
  await t.database.db.update(venues).set({ walletMode: 'seamless' }).where(eq(venues.code, 'VRS'));
  await addVenue(t, 'VRN', 'slot');
  await t.database.db.update(venues).set({ apiBaseUrl: '' }).where(eq(venues.code, 'VRN'));
});

describe('the venue rows as other areas read them', () => {
  it('finds a venue by its exact code, or by its code in any case', async () => {
    expect((await venueByCode(t.database.db, 'VRA'))?.name).toBe('甲场馆');
    expect(await venueByCode(t.database.db, 'vra')).toBeUndefined();
    expect((await venueByCodeInAnyCase(t.database.db, 'vrA'))?.code).toBe('VRA');
    expect(await venueByCodeInAnyCase(t.database.db, 'NOPE')).toBeUndefined();
  });

  it('reads the venues of lower-cased codes asked in one turn together', async () => {
    const read = venueByLowerCode(t.database.db);
    const [a, b, none] = await Promise.all([read('vra'), read('vrb'), read('nope')]);
    expect([a?.code, b?.code, none]).toEqual(['VRA', 'VRB', undefined]);
  });

  it('lists every venue by sort, then id', async () => {
    const rows = await allVenues(t.database.db);
    const ours = rows.filter((row) => row.code.startsWith('VR')).map((row) => row.code);
    expect(ours).toEqual(['VRA', 'VRB', 'VRS', 'VRN']);
    const order = rows.map((row) => [row.sort, row.id] as const);
    expect(order).toEqual([...order].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
  });

  it('answers the transfer-wallet venues that have an address to call', async () => {
    const codes = await transferVenueCodes(t.database.db);
    expect(codes).toEqual(expect.arrayContaining(['VRA', 'VRB']));
    expect(codes).not.toContain('VRS');
    expect(codes).not.toContain('VRN');
  });

  it('names the venues of exact codes, leaving out the unknown ones', async () => {
    const names = await venueNamesByCode(t.database.db, ['VRA', 'VRB', 'VRA', 'vra', 'NOPE']);
    expect([...names.entries()].sort()).toEqual([
      ['VRA', '甲场馆'],
      ['VRB', '乙场馆'],
    ]);
    expect((await venueNamesByCode(t.database.db, [])).size).toBe(0);
  });

  it("locks a venue and writes its integration in the caller's transaction, keeping the secret when none is given", async () => {
    const before = await venueByCode(t.database.db, 'VRB');
    await t.database.db.transaction(async (tx) => {
      const locked = await lockVenueById(tx, before!.id);
      expect(locked?.code).toBe('VRB');
      await setVenueIntegration(tx, locked!.id, {
        walletMode: 'seamless',
        apiBaseUrl: '',
        currency: 'USD',
        apiSecret: '',
      });
    });
    const kept = await venueByCode(t.database.db, 'VRB');
    expect(kept).toMatchObject({ walletMode: 'seamless', apiBaseUrl: '', currency: 'USD' });
    expect(kept?.apiSecret).toBe(before?.apiSecret);

    await t.database.db.transaction(async (tx) => {
      const locked = await lockVenueByCode(tx, 'VRB');
      await setVenueIntegration(tx, locked!.id, {
        walletMode: 'transfer',
        apiBaseUrl: 'https://venue.example.test/api',
        currency: 'CNY',
        apiSecret: 'a-new-secret',
      });
    });
    expect(await venueByCode(t.database.db, 'VRB')).toMatchObject({
      walletMode: 'transfer',
      apiBaseUrl: 'https://venue.example.test/api',
      currency: 'CNY',
      apiSecret: 'a-new-secret',
    });
    expect(await t.database.db.transaction((tx) => lockVenueByCode(tx, 'vrb'))).toBeUndefined();
  });
});
