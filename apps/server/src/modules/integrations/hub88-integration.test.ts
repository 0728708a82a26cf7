import { generateKeyPairSync } from 'node:crypto';
import { BizCode, type IntegrationChange as Change, MSG } from '@h5/contract';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, approveChange, useOperators, useTestApp } from '../../../test/helper';
import { auditLog, integrationChanges, venues } from '../../db/schema';
import { games, slotGames } from '../../db/tables/content';
import { parseOutboundAllow } from '../../lib/outbound';
import { tickJob } from '../jobs/scheduler';
import { hub88Sign, hub88Verify } from '../../providers/venues/hub88/hub88-signature';
import { configureHub88SandboxVenue, SANDBOX_HUB88_PREFIX } from '../../sandbox/hub88/sandbox-hub88-routes';
import { hub88CatalogueJob, syncHub88CataloguesAtStart } from '../content/catalogue-sync';

// Connecting a Hub88 venue from the console alone (docs/venues.md "Connecting Hub88 step by step"): the protocol,
// the operator id and the keys are an admin's proposal that a second admin approves; our private key is never
// answered; 同步游戏 and the daily job bring the aggregator's games in.

const t = useTestApp({ config: { outbound: { allow: parseOutboundAllow('127.0.0.1'), requireHttps: false } } });
const ops = useOperators(t, { maker: 'admin', checker: 'admin', finance: 'finance', content: 'content' });

type Venue = {
  id: number;
  code: string;
  protocol: string;
  operator_id: string;
  aggregator_public_key: string;
  private_key_set: boolean;
  public_key: string;
  pending_change: boolean;
};
type Counts = { listed: number; added: number; updated: number; hidden: number; skipped: number };

const pems = (bits = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** The body of a PEM (its base64 lines), what must never appear in an answer. */
const bodyOf = (pem: string) =>
  pem
    .split('\n')
    .filter((line) => line && !line.startsWith('-----'))
    .join('');

async function newVenue(code: string) {
  const made = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/venues', {
    code,
    name: `${code}电子`,
    category_id: 'concise',
    sort: 0,
    enabled: 1,
  });
  expect(made.code).toBe(200);
  return made.data.id;
}
const propose = (token: string, id: number, body: Record<string, unknown>) =>
  adminCall<Change>(t, token, 'POST', `/admin/api/venues/${id}/integration`, body);
const listed = async (code: string) =>
  (await adminCall<Venue[]>(t, ops.content, 'GET', '/admin/api/venues')).data.find((v) => v.code === code)!;
const row = async (code: string) => (await t.database.db.select().from(venues).where(eq(venues.code, code)))[0]!;
const sync = (token: string, id: number) =>
  adminCall<Counts>(t, token, 'POST', `/admin/api/venues/${id}/catalogue-sync`, {});
const hub88 = (extra: Record<string, unknown>) => ({
  wallet_mode: 'seamless',
  api_base_url: `${t.origin}${SANDBOX_HUB88_PREFIX}`,
  currency: 'CNY',
  protocol: 'hub88',
  operator_id: '4711',
  ...extra,
});

describe("a hub88 venue's keys take two admins", () => {
  it('generates our key pair, applies it only when a second admin approves, and never answers the private key', async () => {
    const id = await newVenue('HGEN');
    const aggregator = pems();
    const proposed = await propose(
      ops.maker,
      id,
      hub88({ aggregator_public_key: aggregator.publicKey, generate_private_key: true }),
    );
    expect(proposed).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        state: 1,
        before: { protocol: 'h5' },
        after: {
          protocol: 'hub88',
          operator_id: '4711',
          wallet_mode: 'seamless',
          private_key: '********',
          aggregator_public_key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
          public_key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        },
      },
    });
    // Nothing applies before the second admin.
    expect(await row('HGEN')).toMatchObject({
      protocol: 'h5',
      operatorId: '',
      privateKey: '',
      aggregatorPublicKey: '',
    });
    expect(await listed('HGEN')).toMatchObject({ pending_change: true, private_key_set: false, public_key: '' });
    expect(await approveChange(t, ops.maker, proposed.data.id)).toEqual({
      code: 403,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    const approved = await approveChange(t, ops.checker, proposed.data.id);
    expect(approved).toMatchObject({ code: 200, message: MSG.integrationChangeApplied, data: { state: 2 } });

    const stored = await row('HGEN');
    expect(stored).toMatchObject({ protocol: 'hub88', operatorId: '4711', walletMode: 'seamless' });
    expect(stored.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(stored.aggregatorPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // The key the queue keeps to apply is gone once decided.
    const [change] = await t.database.db
      .select()
      .from(integrationChanges)
      .where(eq(integrationChanges.id, proposed.data.id));
    expect(change!.secret).toBe('');

    // The public key shown is the one of the stored private key: what it signs, the shown key verifies.
    const venue = await listed('HGEN');
    expect(venue).toMatchObject({
      protocol: 'hub88',
      operator_id: '4711',
      private_key_set: true,
      pending_change: false,
    });
    expect(venue.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const signature = hub88Sign(stored.privateKey, '{"request_uuid":"x"}');
    expect(hub88Verify(venue.public_key, '{"request_uuid":"x"}', signature)).toBe(true);
    expect(hub88Verify(pems().publicKey, '{"request_uuid":"x"}', signature)).toBe(false);

    // No answer and no audit row carries the private key.
    const secret = bodyOf(stored.privateKey);
    const answers = [
      proposed,
      approved,
      await adminCall(t, ops.content, 'GET', '/admin/api/venues'),
      await adminCall(t, ops.checker, 'GET', '/admin/api/integration-changes'),
      await adminCall(t, ops.checker, 'GET', '/admin/api/audit?target=venue:HGEN'),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(secret.slice(0, 40));
    const audits = await t.database.db.select().from(auditLog).where(like(auditLog.target, '%HGEN%'));
    expect(audits.length).toBeGreaterThan(0);
    for (const a of audits) expect(`${a.before}${a.after}`).not.toContain(secret.slice(0, 40));
  });

  it('takes a pasted private key, stored as given, and shows its public key', async () => {
    const id = await newVenue('HPST');
    const ours = pems();
    const proposed = await propose(
      ops.maker,
      id,
      hub88({ aggregator_public_key: pems().publicKey, private_key: ours.privateKey }),
    );
    expect(proposed.code).toBe(200);
    expect(JSON.stringify(proposed)).not.toContain(bodyOf(ours.privateKey).slice(0, 40));
    expect((await approveChange(t, ops.checker, proposed.data.id)).code).toBe(200);
    expect((await listed('HPST')).public_key).toBe(ours.publicKey);
  });

  it('refuses unusable keys with a message, and nothing changes', async () => {
    const id = await newVenue('HBAD');
    const good = pems();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ aggregator_public_key: 'not a key', generate_private_key: true }, MSG.venueAggregatorKeyInvalid],
      // A private key pasted where the aggregator's public key goes is not its public key.
      [{ aggregator_public_key: good.privateKey, generate_private_key: true }, MSG.venueAggregatorKeyInvalid],
      [{ aggregator_public_key: good.publicKey, private_key: good.publicKey }, MSG.venuePrivateKeyInvalid],
      [
        {
          aggregator_public_key: good.publicKey,
          private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
        },
        MSG.venuePrivateKeyInvalid,
      ],
      [{ aggregator_public_key: good.publicKey, private_key: pems(1024).privateKey }, MSG.venuePrivateKeyInvalid],
      [
        { aggregator_public_key: good.publicKey, private_key: good.privateKey, generate_private_key: true },
        MSG.venuePrivateKeyTwice,
      ],
      [{ aggregator_public_key: good.publicKey }, MSG.venuePrivateKeyRequired],
      [{ private_key: good.privateKey }, MSG.venueAggregatorKeyRequired],
      [
        { operator_id: '', aggregator_public_key: good.publicKey, generate_private_key: true },
        MSG.venueOperatorIdInvalid,
      ],
      [
        { operator_id: 'op-1', aggregator_public_key: good.publicKey, generate_private_key: true },
        MSG.venueOperatorIdInvalid,
      ],
      [
        { api_base_url: '', aggregator_public_key: good.publicKey, generate_private_key: true },
        MSG.venueHub88ApiUrlRequired,
      ],
    ];
    for (const [body, message] of cases) {
      expect(await propose(ops.maker, id, hub88(body)), message).toEqual({
        code: BizCode.BAD_INPUT,
        message,
        data: null,
      });
    }
    expect(await row('HBAD')).toMatchObject({
      protocol: 'h5',
      operatorId: '',
      privateKey: '',
      aggregatorPublicKey: '',
    });
    expect(await listed('HBAD')).toMatchObject({ pending_change: false });
    const changes = await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.target, 'HBAD'));
    expect(changes).toEqual([]);
  });
});

describe('同步游戏 and the daily catalogue job', () => {
  /** A hub88 venue connected through the console to the Hub88 sandbox inside the test app. */
  async function connected(code: string) {
    const id = await newVenue(code);
    const sandbox = await configureHub88SandboxVenue(t.database.db, { venueCode: code, origin: t.origin });
    const proposed = await propose(
      ops.maker,
      id,
      hub88({
        api_base_url: sandbox.apiBaseUrl,
        operator_id: sandbox.operatorId,
        aggregator_public_key: sandbox.aggregatorPublicKey,
        private_key: sandbox.privateKey,
      }),
    );
    expect(proposed.code).toBe(200);
    expect((await approveChange(t, ops.checker, proposed.data.id)).code).toBe(200);
    return id;
  }
  const gamesOf = async (code: string) => [
    ...(await t.database.db.select().from(slotGames).where(eq(slotGames.catecode, code))),
    ...(await t.database.db.select().from(games).where(eq(games.platformName, code))),
  ];

  it("syncs a hub88 venue's games for content and admin, answers the counts and audits it", async () => {
    const id = await connected('HSYN');
    expect(await sync(ops.finance, id)).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.operatorForbidden,
      data: null,
    });
    expect(await gamesOf('HSYN')).toEqual([]);

    const first = await sync(ops.content, id);
    expect(first).toMatchObject({ code: 200, message: MSG.venueCatalogueSynced });
    expect(first.data.added).toBeGreaterThan(0);
    expect(first.data).toMatchObject({ listed: first.data.added, updated: 0, hidden: 0, skipped: 0 });
    expect(await gamesOf('HSYN')).toHaveLength(first.data.added);
    const again = await sync(ops.maker, id);
    expect(again.data).toMatchObject({ added: 0, updated: first.data.added, hidden: 0 });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'venue:HSYN'));
    const syncs = audits.filter((a) => a.action === 'venue.catalogue_sync');
    expect(syncs).toHaveLength(2);
    expect(JSON.parse(syncs[0]!.after)).toMatchObject({ added: first.data.added, updated: 0, hidden: 0 });
  });

  it('refuses a venue that is not a connected hub88 venue, and an unknown one', async () => {
    const id = await newVenue('HNOT');
    expect(await sync(ops.content, id)).toEqual({
      code: BizCode.CONFLICT,
      message: MSG.venueCatalogueNotHub88,
      data: null,
    });
    expect((await sync(ops.content, 987654)).code).toBe(BizCode.NOT_FOUND);
  });

  it('runs once a Beijing day under its lock, and at start', async () => {
    await connected('HJOB');
    const deps = { db: t.database.db, outbound: t.config.outbound, timeoutMs: 5_000 };
    const job = hub88CatalogueJob(deps);
    const clock = { now: () => new Date('2030-01-02T03:00:00Z') };
    const scheduler = { db: t.database.db, clock, locks: t.database.locks };
    expect(await tickJob(scheduler, job)).toBe('ran');
    expect((await gamesOf('HJOB')).length).toBeGreaterThan(0);
    expect(await tickJob(scheduler, job)).toBe('not-due');
    // Another process holding the job's lock: the sync at start does not run beside it.
    const held = await t.database.locks.tryRun('job:hub88-catalogue', async () =>
      syncHub88CataloguesAtStart({ ...deps, locks: t.database.locks }),
    );
    expect(held).toEqual({ ran: true, value: null });
    const started = await syncHub88CataloguesAtStart({ ...deps, locks: t.database.locks });
    expect(started!.synced).toBeGreaterThanOrEqual(1);
    const nextDay = { ...scheduler, clock: { now: () => new Date('2030-01-02T17:00:00Z') } };
    expect(await tickJob(nextDay, job)).toBe('ran');
  });
});
