import { BizCode, type IntegrationChange as Change, MSG } from '@h5/contract';
import { desc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  approveChange,
  credit,
  manualClock,
  memberBalance,
  memberId,
  registerMember,
  useOperators,
  useTestApp,
  walletCallback,
} from '../../../test/helper';
import { auditLog, deposits, integrationChanges, paymentGateways, venues } from '../../db/schema';
import { parseOutboundAllow } from '../../lib/outbound';
import { RECONCILE_AFTER_MS, reconcileGatewayDeposits } from '../payments/gateways-service';
import { paymentsKit } from '../payments/payments-test-kit';

// Two admins for integrations (docs/operators.md "Operators and the back-office API"): what lets a venue or a gateway move money changes only when a
// second admin approves, content never reaches it, and no secret is ever answered or audited.

const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
/** Loopback is where this suite's venues and the capturing gateway listen: allowed, as OUTBOUND_ALLOW would. */
const loopback = () => parseOutboundAllow('127.0.0.1');

type VenueRow = {
  id: number;
  code: string;
  wallet_mode: string;
  api_base_url: string;
  api_secret_set: boolean;
  currency: string;
  pending_change: boolean;
};

const t = useTestApp({ clock, config: { outbound: { allow: loopback(), requireHttps: false } } });
const ops = useOperators(t, { maker: 'admin', checker: 'admin', finance: 'finance', content: 'content' });

const FORBIDDEN = { code: BizCode.FORBIDDEN, message: MSG.operatorForbidden, data: null };

/** A seamless-wallet callback from a venue, signed with a secret. */
const callback = (venue: string, action: 'bet' | 'win', body: Record<string, unknown>, secret: string) =>
  walletCallback(t, venue, action, body, secret);

async function member(amount: string) {
  const m = await registerMember(t.app);
  if (amount !== '0.00') await credit(t, ops.finance, m.name, amount);
  return { ...m, id: await memberId(t, m.name) };
}

/** A seamless venue as the seed writes it: straight into the table. */
async function seamlessVenue(code: string, secret: string) {
  const [row] = await t.database.db
    .insert(venues)
    .values({
      code,
      name: `${code}场馆`,
      platname: code,
      categoryId: 'realbet',
      walletMode: 'seamless',
      apiSecret: secret,
    })
    .returning();
  return row!.id;
}
const venueIntegration = (token: string, id: number, body: Record<string, unknown>) =>
  adminCall<Change>(t, token, 'POST', `/admin/api/venues/${id}/integration`, body);
const approve = (token: string, id: number) => approveChange(t, token, id);
const reject = (token: string, id: number, note: string) =>
  adminCall<Change>(t, token, 'POST', `/admin/api/integration-changes/${id}/reject`, { note });
const listedVenue = async (code: string) =>
  (await adminCall<VenueRow[]>(t, ops.content, 'GET', '/admin/api/venues')).data.find((v) => v.code === code);

describe('a content operator and the money fields of a venue', () => {
  it('cannot create a seamless venue with a secret of its own and credit an accomplice through it', async () => {
    const accomplice = await member('0.00');
    const attacker = 'attacker-chosen-secret-1234';
    const forged = {
      code: 'EVL',
      name: '恶意场馆',
      category_id: 'realbet',
      wallet_mode: 'seamless',
      api_secret: attacker,
    };
    expect(await adminCall(t, ops.content, 'POST', '/admin/api/venues', forged)).toEqual({
      code: 400,
      message: MSG.venueIntegrationSeparate,
      data: null,
    });
    expect(await listedVenue('EVL')).toBeUndefined();

    // Name, category and switch are content's: such a venue exists but has no secret, so it moves no money.
    const made = await adminCall<VenueRow>(t, ops.content, 'POST', '/admin/api/venues', {
      code: 'EVL',
      name: '恶意场馆',
      category_id: 'realbet',
    });
    expect(made.data).toMatchObject({
      code: 'EVL',
      wallet_mode: 'transfer',
      api_base_url: '',
      api_secret_set: false,
      currency: 'CNY',
      pending_change: false,
    });
    const update = {
      code: 'EVL',
      name: '恶意场馆',
      category_id: 'realbet',
      api_secret: attacker,
      api_base_url: 'http://127.0.0.1:9/api',
    };
    expect(await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${made.data.id}`, update)).toEqual({
      code: 400,
      message: MSG.venueIntegrationSeparate,
      data: null,
    });
    expect(
      await venueIntegration(ops.content, made.data.id, { wallet_mode: 'seamless', api_secret: attacker }),
    ).toEqual(FORBIDDEN);
    expect(
      await venueIntegration(ops.finance, made.data.id, { wallet_mode: 'seamless', api_secret: attacker }),
    ).toEqual(FORBIDDEN);

    for (const secret of [attacker, '']) {
      expect(
        await callback(
          'EVL',
          'bet',
          { player: accomplice.name, transaction_id: `evl-bet-${secret.length}`, round_id: 'r-evl', amount: '1.00' },
          secret,
        ),
      ).not.toMatchObject({ status: 'OK' });
      const win = {
        player: accomplice.name,
        transaction_id: `evl-win-${secret.length}`,
        round_id: 'r-evl',
        amount: '999999.00',
        reference_transaction_id: `evl-bet-${secret.length}`,
      };
      expect(await callback('EVL', 'win', win, secret)).not.toMatchObject({ status: 'OK' });
    }
    expect(await memberBalance(t, accomplice.token)).toBe('0.00');
    const [row] = await t.database.db.select().from(venues).where(eq(venues.code, 'EVL'));
    expect(row).toMatchObject({ walletMode: 'transfer', apiBaseUrl: '', apiSecret: '' });
  });
});

describe("a venue's secret takes two admins", () => {
  it('waits for a second admin: the new secret is refused until then, and the old one after', async () => {
    const oldSecret = 'old-venue-secret-0001';
    const newSecret = 'new-venue-secret-0002';
    const id = await seamlessVenue('TWO', oldSecret);
    const m = await member('50.00');
    // A bet of the member at venue TWO, signed with `secret`.
    const betAtTwo = (transaction_id: string, amount: string, secret: string) =>
      callback('TWO', 'bet', { player: m.name, transaction_id, round_id: 'r-two', amount }, secret);

    const proposed = await venueIntegration(ops.maker, id, {
      wallet_mode: 'seamless',
      api_base_url: '',
      api_secret: newSecret,
      currency: 'CNY',
    });
    expect(proposed).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        state: 1,
        target_kind: 'venue',
        target: 'TWO',
        before: { wallet_mode: 'seamless', api_base_url: '', api_secret: '********', currency: 'CNY' },
        after: { wallet_mode: 'seamless', api_base_url: '', api_secret: '********', currency: 'CNY' },
      },
    });
    expect(await listedVenue('TWO')).toMatchObject({ pending_change: true });
    // The checker's 仪表盘 counts it, newest first.
    const dashboard = await adminCall<{ integration_changes: { pending: number; newest_id: number | null } | null }>(
      t,
      ops.checker,
      'GET',
      '/admin/api/dashboard/pending',
    );
    expect(dashboard.data.integration_changes).toEqual({ pending: expect.any(Number), newest_id: proposed.data.id });
    expect(dashboard.data.integration_changes!.pending).toBeGreaterThanOrEqual(1);
    // One change waits per venue.
    expect(
      await venueIntegration(ops.checker, id, { wallet_mode: 'seamless', api_secret: 'third-venue-secret-03' }),
    ).toEqual({ code: 409, message: MSG.integrationChangeExists, data: null });

    expect(await betAtTwo('two-1', '1.00', newSecret)).toEqual({ http: 401, status: 'INVALID_SIGNATURE' });
    expect(await betAtTwo('two-2', '1.00', oldSecret)).toEqual({ http: 200, status: 'OK' });
    expect(await memberBalance(t, m.token)).toBe('49.00');

    expect(await approve(ops.maker, proposed.data.id)).toEqual({
      code: 403,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    const approved = await approve(ops.checker, proposed.data.id);
    expect(approved).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
      data: { state: 2, checked_by: expect.stringMatching(/^op_admin_/) },
    });
    expect(approved.data.checked_by).not.toBe(approved.data.made_by);
    expect(await approve(ops.checker, proposed.data.id)).toEqual({
      code: 409,
      message: MSG.integrationChangeDecided,
      data: null,
    });
    expect(await listedVenue('TWO')).toMatchObject({ pending_change: false, api_secret_set: true });

    expect(await betAtTwo('two-3', '2.50', newSecret)).toEqual({ http: 200, status: 'OK' });
    expect(await betAtTwo('two-4', '1.00', oldSecret)).toEqual({ http: 401, status: 'INVALID_SIGNATURE' });
    expect(await memberBalance(t, m.token)).toBe('46.50');
  });

  it('refuses a change whose venue changed since it was made (409), and keeps it refused', async () => {
    const secret = 'stale-venue-secret-01';
    const id = await seamlessVenue('STL', secret);
    const proposed = await venueIntegration(ops.maker, id, {
      wallet_mode: 'seamless',
      api_secret: 'stale-venue-secret-02',
      currency: 'CNY',
    });
    expect(proposed.code).toBe(200);
    // Another path (the seed, a database hand) changed the venue's integration in the meantime.
    await t.database.db.update(venues).set({ currency: 'USD' }).where(eq(venues.id, id));
    expect(await approve(ops.checker, proposed.data.id)).toEqual({
      code: 409,
      message: MSG.integrationChangeStale,
      data: null,
    });
    const [row] = await t.database.db.select().from(venues).where(eq(venues.id, id));
    expect(row).toMatchObject({ apiSecret: secret, currency: 'USD' });
    const listed = await adminCall<{ data: Change[] }>(t, ops.checker, 'GET', '/admin/api/integration-changes?state=5');
    expect(listed.data.data.map((c) => [c.id, c.state])).toContainEqual([proposed.data.id, 5]);
    expect(await approve(ops.checker, proposed.data.id)).toEqual({
      code: 409,
      message: MSG.integrationChangeDecided,
      data: null,
    });
  });

  it('takes a new secret with a new address, checks the address when made and when approved, and lists pending first', async () => {
    const id = await seamlessVenue('ADR', 'address-venue-secret1');
    const toTransfer = {
      wallet_mode: 'transfer',
      api_base_url: `${t.origin}/sandbox/aggregator/api/ADR`,
      currency: 'CNY',
    };
    expect(await venueIntegration(ops.maker, id, toTransfer)).toEqual({
      code: 400,
      message: MSG.integrationSecretForNewAddress,
      data: null,
    });
    expect(
      await venueIntegration(ops.maker, id, {
        ...toTransfer,
        api_base_url: 'http://10.0.0.5/api',
        api_secret: 'address-venue-secret2',
      }),
    ).toEqual({
      code: 400,
      message: MSG.outboundPrivateAddress,
      data: null,
    });
    // IPv6 carrying the loopback address (6to4) is loopback: listing 127.0.0.1 does not list it either.
    expect(
      await venueIntegration(ops.maker, id, {
        ...toTransfer,
        api_base_url: 'https://[2002:7f00:1::]/api',
        api_secret: 'address-venue-secret2',
      }),
    ).toEqual({
      code: 400,
      message: MSG.outboundPrivateAddress,
      data: null,
    });
    expect(await venueIntegration(ops.maker, id, { wallet_mode: 'seamless', currency: 'CNY' })).toEqual({
      code: 400,
      message: MSG.integrationNothingChanged,
      data: null,
    });
    const proposed = await venueIntegration(ops.maker, id, { ...toTransfer, api_secret: 'address-venue-secret2' });
    expect(proposed.data).toMatchObject({
      state: 1,
      after: { wallet_mode: 'transfer', api_base_url: toTransfer.api_base_url, api_secret: '********' },
    });

    // Loopback stops being allowed before the approval: the approval checks the address again.
    t.config.outbound.allow.length = 0;
    try {
      expect(await approve(ops.checker, proposed.data.id)).toEqual({
        code: 400,
        message: MSG.outboundPrivateAddress,
        data: null,
      });
    } finally {
      t.config.outbound.allow.push(...loopback());
    }
    const [row] = await t.database.db.select().from(venues).where(eq(venues.id, id));
    expect(row).toMatchObject({ walletMode: 'seamless', apiBaseUrl: '' });

    const queue = await adminCall<{ data: Change[] }>(t, ops.checker, 'GET', '/admin/api/integration-changes');
    const states = queue.data.data.map((c) => c.state);
    expect(states.indexOf(1)).toBe(0);
    expect(states.lastIndexOf(1)).toBeLessThan(states.findIndex((s) => s !== 1));

    expect(await reject(ops.checker, proposed.data.id, '  ')).toEqual({
      code: 400,
      message: MSG.integrationRejectReasonRequired,
      data: null,
    });
    expect(await reject(ops.checker, proposed.data.id, '地址未经确认')).toMatchObject({
      code: 200,
      message: MSG.integrationChangeRejected,
      data: { state: 3, note: '地址未经确认' },
    });
    // Its maker withdraws its own.
    const again = await venueIntegration(ops.maker, id, { ...toTransfer, api_secret: 'address-venue-secret3' });
    expect(await reject(ops.maker, again.data.id, '填错了')).toMatchObject({
      code: 200,
      message: MSG.integrationChangeWithdrawn,
      data: { state: 4 },
    });
    expect(await listedVenue('ADR')).toMatchObject({
      wallet_mode: 'seamless',
      api_base_url: '',
      pending_change: false,
    });
  });
});

describe("a gateway's address and secret take two admins", () => {
  const captured: IncomingMessage[] = [];
  let capture: Server;
  let captureOrigin = '';

  beforeAll(async () => {
    capture = createServer((req, res) => {
      captured.push(req);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: -1, msg: 'no such order' }));
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    captureOrigin = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => capture.close(() => resolve())));

  it('refuses a new submit_url without a new secret; with one it waits, and reconciliation keeps the old address and secret', async () => {
    const kit = paymentsKit(t, () => ops.finance);
    const [before] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'sandbox'));
    const newSecret = 'gateway-new-secret-77';
    const elsewhere = `${captureOrigin}/submit.php`;

    expect(
      await adminCall(t, ops.finance, 'PUT', '/admin/api/payment-gateways/sandbox', { submit_url: elsewhere }),
    ).toEqual(FORBIDDEN);
    expect(
      await adminCall(t, ops.maker, 'PUT', '/admin/api/payment-gateways/sandbox', { submit_url: elsewhere }),
    ).toEqual({
      code: 400,
      message: MSG.integrationSecretForNewAddress,
      data: null,
    });
    const queued = await adminCall<Record<string, unknown>>(
      t,
      ops.maker,
      'PUT',
      '/admin/api/payment-gateways/sandbox',
      { submit_url: elsewhere, secret: newSecret, name: '沙箱通道' },
    );
    expect(queued).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        code: 'sandbox',
        name: '沙箱通道',
        submit_url: before!.submitUrl,
        secret: '********',
        pending_change: true,
      },
    });

    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'wxpay', amount: '100' });
    expect(made.code).toBe(200);
    clock.advance(RECONCILE_AFTER_MS + 60_000);
    const deps = { db: t.database.db, clock, outbound: t.config.outbound };
    // The sandbox gateway answers only to its own secret: no failure means the old address and the old secret.
    expect(await reconcileGatewayDeposits(deps, t.origin)).toMatchObject({ checked: 1, failed: 0 });
    expect(captured).toHaveLength(0);

    const change = (
      await adminCall<{ data: Change[] }>(t, ops.maker, 'GET', '/admin/api/integration-changes?state=1')
    ).data.data.find((c) => c.after.submit_url === elsewhere);
    expect(change).toMatchObject({
      before: { submit_url: before!.submitUrl, secret: '********' },
      after: { submit_url: elsewhere, secret: '********' },
    });
    expect((await approve(ops.checker, change!.id)).code).toBe(200);
    const [after] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'sandbox'));
    expect(after).toMatchObject({
      submitUrl: elsewhere,
      secret: newSecret,
      merchantId: before!.merchantId,
      name: '沙箱通道',
    });
    await reconcileGatewayDeposits(deps, t.origin);
    expect(captured.map((r) => new URL(r.url ?? '', captureOrigin).searchParams.get('key'))).toEqual([newSecret]);
    const [deposit] = await t.database.db.select().from(deposits).where(eq(deposits.depositNo, made.data.deposit_no));
    expect(deposit?.state).toBe(1);
  });

  it('creates a gateway only when a second admin approves, and answers no secret anywhere, audit included', async () => {
    const secret = 'created-gateway-secret';
    const body = {
      code: 'epay_two',
      name: '双人通道',
      merchant_id: '2002',
      secret,
      submit_url: `${captureOrigin}/two/submit.php`,
    };
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/payment-gateways', body)).toEqual(FORBIDDEN);
    const proposed = await adminCall<Change>(t, ops.maker, 'POST', '/admin/api/payment-gateways', body);
    expect(proposed).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        state: 1,
        before: null,
        after: {
          name: '双人通道',
          merchant_id: '2002',
          submit_url: body.submit_url,
          secret: '********',
          protocol: 'epay',
          enabled: '1',
        },
      },
    });
    const gateways = async () =>
      (await adminCall<Array<{ code: string }>>(t, ops.maker, 'GET', '/admin/api/payment-gateways')).data.map(
        (g) => g.code,
      );
    expect(await gateways()).not.toContain('epay_two');
    expect(await approve(ops.maker, proposed.data.id)).toEqual({
      code: 403,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    expect((await approve(ops.checker, proposed.data.id)).code).toBe(200);
    expect(await gateways()).toContain('epay_two');

    // A pay way's gateway is the admin's: immediate and audited; finance keeps the rest of the way.
    expect(await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/usdt', { gateway: 'epay_two' })).toEqual({
      code: 403,
      message: MSG.payWayGatewayAdminOnly,
      data: null,
    });
    expect((await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/usdt', { name: 'USDT' })).code).toBe(200);
    expect(await adminCall(t, ops.maker, 'PUT', '/admin/api/pay-ways/usdt', { gateway: 'epay_two' })).toMatchObject({
      code: 200,
      data: { gateway: 'epay_two' },
    });
    const [wayAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'pay-way.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.parse(wayAudit!.after)).toMatchObject({ gateway: 'epay_two' });

    const answered = JSON.stringify(
      (await adminCall(t, ops.maker, 'GET', '/admin/api/integration-changes?pagesize=50')).data,
    );
    const audited = JSON.stringify(await t.database.db.select().from(auditLog));
    for (const text of [answered, audited]) {
      for (const s of [
        secret,
        'gateway-new-secret-77',
        'new-venue-secret-0002',
        'old-venue-secret-0001',
        'address-venue-secret2',
      ])
        expect(text).not.toContain(s);
    }
    expect(audited).toContain('integration.approve');
    expect(audited).toContain('********');
  });

  it("takes only the gateway's own absolute address: a site path would send the merchant key to us, so it is refused when proposed and when approved", async () => {
    const refused = { code: 400, message: MSG.gatewaySubmitUrlAbsolute, data: null };
    const body = {
      code: 'epay_site',
      name: '本站通道',
      merchant_id: '3003',
      secret: 'site-path-secret-01',
      submit_url: '/sandbox/gateway/pay',
    };
    for (const submitUrl of ['/sandbox/gateway/pay', '/sandbox/epay/submit.php']) {
      expect(
        await adminCall(t, ops.maker, 'POST', '/admin/api/payment-gateways', { ...body, submit_url: submitUrl }),
        submitUrl,
      ).toEqual(refused);
    }
    const [sandbox] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'sandbox'));
    expect(
      await adminCall(t, ops.maker, 'PUT', '/admin/api/payment-gateways/sandbox', {
        submit_url: '/sandbox/epay/submit.php',
        secret: 'site-path-secret-02',
      }),
    ).toEqual(refused);
    // With https required (production), plain http is refused even to a host OUTBOUND_ALLOW lists: the key rides in the query.
    t.config.outbound.requireHttps = true;
    try {
      expect(
        await adminCall(t, ops.maker, 'POST', '/admin/api/payment-gateways', {
          ...body,
          submit_url: `${captureOrigin}/site/submit.php`,
        }),
      ).toEqual(refused);
    } finally {
      t.config.outbound.requireHttps = false;
    }
    expect(
      await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.target, 'epay_site')),
    ).toEqual([]);

    // A site path already waiting in the queue is refused when approved: nothing is applied and the change stays pending.
    const maker = (await adminCall<{ id: number; username: string }>(t, ops.maker, 'GET', '/admin/api/me')).data;
    const after = {
      name: '本站通道',
      enabled: '1',
      protocol: 'epay',
      merchant_id: '3003',
      submit_url: '/sandbox/gateway/pay',
      secret: '********',
    };
    const [queued] = await t.database.db
      .insert(integrationChanges)
      .values({
        targetKind: 'gateway',
        target: 'epay_site',
        action: 'create',
        after: JSON.stringify(after),
        secret: 'site-path-secret-03',
        fingerprint: createHash('sha256').update(JSON.stringify(null)).digest('hex'),
        makerId: maker.id,
        madeBy: maker.username,
      })
      .returning();
    expect(await approve(ops.checker, queued!.id)).toEqual(refused);
    expect(await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'epay_site'))).toEqual([]);
    expect(
      (await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.id, queued!.id)))[0],
    ).toMatchObject({ state: 1, checkedBy: '' });
    const [still] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'sandbox'));
    expect(still).toEqual(sandbox);
    expect(await reject(ops.checker, queued!.id, '提交地址是本站路径')).toMatchObject({
      code: 200,
      data: { state: 3 },
    });
  });
});
