import { BizCode, MSG, validateLogin, validateRegister } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badInput, unauthorized } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { addressKey } from '../../http/client-address';
import { numericToMoney } from '../../lib/money';
import { sameTurnReads, perDatabase } from '../../lib/same-turn-reads';
import { beijingDaysBetween, type Clock } from '../../lib/time';
import { openWallet, walletBalanceNumeric, walletJoin } from '../ledger/ledger-service';
import { readSettings } from '../site/site-service';
import { memberLogins, memberSessions, members } from '../../db/tables/accounts';
import { dummyHash, hashSecret, verifySecret } from '../../lib/passwords';
import { admitLogin, type LoginLimiters } from '../../http/login-limit';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthedMember } from '../../http/route';
import { INBOX_NOTES, type InboxNote } from '@h5/contract/inbox-notes';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  tokenIdleMs: number;
  /** Failed logins per client address and per account name at an address. */
  loginFailures: LoginLimiters;
  registrations: AttemptLimiter;
  /** The member's venue wallets in total, as gameblance shows it (the wallet area answers, as balancelist does). */
  venueTotal: (memberId: number) => Promise<string>;
  /** The rebate the member can claim now, as fanshui shows it (the rebates area answers). */
  claimableRebate: (db: DbOrTx, memberId: number) => Promise<string>;
  /** Writes a 站内信 to the member inside the transaction it is given (the member area's inbox). */
  tellMember: (tx: DbOrTx, memberId: number, note: InboxNote) => Promise<void>;
}

export type { AuthedMember };

export interface RegisterInput {
  name: string;
  password: string;
  confirmPass: string;
  realname: string;
  paypassword: string;
  code: string;
  pid?: string | undefined;
}

const tooMany = () => new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
/** Pushing the idle expiry forward at most once a minute keeps the hot path (balance polling) to one read. */
const EXPIRY_BUMP_MS = 60_000;

const findByName = (db: DbOrTx, name: string) =>
  db
    .select()
    .from(members)
    .where(sql`lower(${members.username}) = lower(${name})`)
    .limit(1)
    .then((rows) => rows[0]);

/** The inviter named by a referral `pid`: an id or a username; an unknown one means no inviter. */
async function findInviter(db: DbOrTx, pid: string | undefined): Promise<number | null> {
  const ref = pid?.trim();
  if (!ref) return null;
  if (/^\d{1,9}$/.test(ref)) {
    const [byId] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, Number(ref)))
      .limit(1);
    if (byId) return byId.id;
  }
  return (await findByName(db, ref))?.id ?? null;
}

async function openSession(deps: AccountsDeps, db: DbOrTx, memberId: number): Promise<string> {
  const { token, hash } = newToken();
  const expiresAt = new Date(deps.clock.now().getTime() + deps.tokenIdleMs);
  await db.insert(memberSessions).values({ tokenHash: hash, memberId, expiresAt, createdAt: deps.clock.now() });
  return token;
}

/** Where a sign-in came from: the client address and its User-Agent (the console's 登录记录). */
export interface SignInMeta {
  ip: string;
  device: string;
}

async function recordLogin(deps: AccountsDeps, db: DbOrTx, memberId: number, meta: SignInMeta): Promise<void> {
  await db
    .insert(memberLogins)
    .values({ memberId, ip: meta.ip.slice(0, 64), device: meta.device.slice(0, 255), createdAt: deps.clock.now() });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** docs/member-app.md "Register rules", enforced with the same rule function as the form, plus a per-address limit. */
export async function register(deps: AccountsDeps, input: RegisterInput, ip: string, device = ''): Promise<string> {
  // docs/wire-rules.md "Accounts": the server enforces what the username message says (6-16 letters or digits).
  const message = validateRegister(input, { strictUsername: true });
  if (message) throw badInput(message);
  if (await deps.registrations.hit(addressKey(ip))) throw tooMany();

  if (await findByName(deps.db, input.name)) throw new AppError(BizCode.NAME_TAKEN, MSG.nameTaken);
  const [passwordHash, payPasswordHash, inviterId] = await Promise.all([
    hashSecret(input.password),
    hashSecret(input.paypassword),
    findInviter(deps.db, input.pid),
  ]);
  try {
    return await deps.db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          username: input.name,
          passwordHash,
          payPasswordHash,
          realname: input.realname,
          inviterId,
          registerIp: ip.slice(0, 64),
          createdAt: deps.clock.now(),
        })
        .returning({ id: members.id });
      if (!member) throw new Error('member insert returned nothing');
      await openWallet(tx, member.id);
      // Registering signs the member in: it is the first row of the sign-in history.
      await recordLogin(deps, tx, member.id, { ip, device });
      // A welcome in the 站内信, there exactly when the account is.
      await deps.tellMember(tx, member.id, INBOX_NOTES.registered());
      return openSession(deps, tx, member.id);
    });
  } catch (error) {
    // Two registrations of one name racing: the unique index decides, the loser hears the same 201.
    if (isUniqueViolation(error)) throw new AppError(BizCode.NAME_TAKEN, MSG.nameTaken);
    throw error;
  }
}

/** Login answers one message for an unknown name and a wrong password, so names cannot be probed. */
export async function login(deps: AccountsDeps, input: { name: string; password: string }, ip: string, device = '') {
  const message = validateLogin(input);
  if (message) throw badInput(message);
  const succeeded = await admitLogin(deps.loginFailures, ip, input.name);
  const member = await findByName(deps.db, input.name);
  const ok = await verifySecret(input.password, member?.passwordHash ?? (await dummyHash()));
  if (!member || !ok) throw new AppError(BizCode.WRONG_PASSWORD, MSG.loginFailed);
  await succeeded();
  if (member.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  return deps.db.transaction(async (tx) => {
    await recordLogin(deps, tx, member.id, { ip, device });
    return openSession(deps, tx, member.id);
  });
}

export async function logoff(deps: AccountsDeps, token: string): Promise<void> {
  await deps.db.delete(memberSessions).where(eq(memberSessions.tokenHash, hashToken(token)));
}

/** Every member call's session read: the calls that arrive together share one indexed read (same-turn-reads.ts). */
const sessionReader = perDatabase((db: Db) => {
  const query = db
    .select({
      tokenHash: memberSessions.tokenHash,
      id: members.id,
      username: members.username,
      state: members.state,
      expiresAt: memberSessions.expiresAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(sql`${memberSessions.tokenHash} = ANY(${sql.placeholder('hashes')})`)
    .prepare('sessions_by_tokens');
  return sameTurnReads(
    (hashes: string[]) => query.execute({ hashes }),
    (row) => row.tokenHash,
  );
});

/** Resolves a bearer token to its member; an unknown or idle-expired token is code 401. */
export async function authenticate(deps: AccountsDeps, token: string | null): Promise<AuthedMember> {
  if (!token) throw unauthorized();
  const tokenHash = hashToken(token);
  const row = await sessionReader(deps.db)(tokenHash);
  if (!row) throw unauthorized();
  const now = deps.clock.now().getTime();
  if (row.expiresAt.getTime() <= now) {
    await deps.db.delete(memberSessions).where(eq(memberSessions.tokenHash, tokenHash));
    throw unauthorized();
  }
  if (row.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  const renewed = now + deps.tokenIdleMs;
  if (renewed - row.expiresAt.getTime() > EXPIRY_BUMP_MS) {
    await deps.db
      .update(memberSessions)
      .set({ expiresAt: new Date(renewed) })
      .where(eq(memberSessions.tokenHash, tokenHash));
  }
  return { id: row.id, username: row.username, sessionHash: tokenHash };
}

/** The central wallet balance: one indexed read, since every member online polls it every 4.3 s. */
export async function walletBalance(db: DbOrTx, memberId: number): Promise<string> {
  return numericToMoney((await walletBalanceNumeric(db, memberId)) ?? '0');
}

type SummaryDeps = Pick<AccountsDeps, 'db' | 'clock' | 'venueTotal' | 'claimableRebate'>;

const vipName = (level: number) => `VIP${level}`;

/** The member summary of /api/user and /api/refreshusermoney (docs/wire-rules.md "Accounts"). */
export async function memberSummary(deps: SummaryDeps, memberId: number, origin: string) {
  const [member] = await deps.db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) throw unauthorized();
  const [balance, gameblance, fanshui, rates] = await Promise.all([
    walletBalance(deps.db, memberId),
    deps.venueTotal(memberId),
    deps.claimableRebate(deps.db, memberId),
    readSettings(deps.db, ['usdtrate', 'withdrawusdtrate', 'withdrawcashfee', 'withdrawfeeusdttrc']),
  ]);
  return {
    username: member.username,
    realname: member.realname,
    mobile: member.mobile,
    email: member.email,
    birthday: member.birthday,
    avatar: member.avatar ? new URL(member.avatar, origin).toString() : '',
    balance,
    gameblance,
    fanshui,
    transferstatus: member.transferstatus === 1 ? 1 : 0,
    usdtrate: rates.usdtrate,
    withdrawusdtrate: rates.withdrawusdtrate,
    withdrawcashfee: rates.withdrawcashfee,
    withdrawfeeusdttrc: rates.withdrawfeeusdttrc,
    vip: member.vip,
    current_vip: vipName(member.vip),
    next_vip: vipName(Math.min(member.vip + 1, 10)),
    paysum: numericToMoney(member.paysum),
    joinday: beijingDaysBetween(member.createdAt, deps.clock.now()),
    isagent: member.isagent === 1 ? 1 : 0,
  } as const;
}

/** Sessions, member states and wallet balances behind a set of token hashes: one prepared statement. */
function balanceQuery(db: Db) {
  const wallet = walletJoin(members.id);
  return db
    .select({
      tokenHash: memberSessions.tokenHash,
      state: members.state,
      expiresAt: memberSessions.expiresAt,
      balance: wallet.balance,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .innerJoin(wallet.table, wallet.on)
    .where(sql`${memberSessions.tokenHash} = ANY(${sql.placeholder('hashes')})`)
    .prepare('balance_by_tokens');
}

/** Balance polls that arrive together are answered by one indexed read (same-turn-reads.ts); nothing is cached. */
const balanceReader = perDatabase((db: Db) => {
  const query = balanceQuery(db);
  return sameTurnReads(
    (hashes: string[]) => query.execute({ hashes }),
    (row) => row.tokenHash,
  );
});

/**
 * /api/balance is the hot path: every member online polls it every 4.3 s. A live session costs one indexed read
 * (shared with the polls that arrive at the same moment); anything unusual (unknown, expired, disabled, or an
 * expiry due to be pushed forward) takes the ordinary path.
 */
export async function balanceForToken(deps: AccountsDeps, token: string | null): Promise<string> {
  if (token) {
    const row = await balanceReader(deps.db)(hashToken(token));
    const now = deps.clock.now().getTime();
    const fresh =
      row &&
      row.state === 1 &&
      row.expiresAt.getTime() > now &&
      now + deps.tokenIdleMs - row.expiresAt.getTime() <= EXPIRY_BUMP_MS;
    if (fresh) return numericToMoney(row.balance);
  }
  const member = await authenticate(deps, token);
  return walletBalance(deps.db, member.id);
}
