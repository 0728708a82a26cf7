import {
  BizCode,
  type Card,
  CARD_TYPE,
  type Endpoints,
  MAX_CARDS_PER_KIND,
  MSG,
  type ParsedBodyOf,
  USDT_BANK,
  validateBankCard,
  validateUsdtCard,
} from '@h5/contract';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { lockWallet } from '../ledger/ledger-service';
import { checkPayPassword, maskCardNo } from './payments-common';
import { banks, memberCards } from '../../db/tables/payments';

type CardRow = typeof memberCards.$inferSelect;

/** A card as members see it: bank_no masked except its last 4, bank_not = those 4 (docs/wire-rules.md "Withdrawals"). */
function cardView(row: CardRow, icons: Map<string, string>): Card {
  return {
    id: row.id,
    bank: row.bank,
    bank_owner: row.bankOwner,
    bank_no: maskCardNo(row.bankNo),
    bank_not: row.bankNo.slice(-4),
    bank_address: row.bankAddress,
    ico: icons.get(row.bank) ?? '',
  };
}

/** /api/getcard: the member's own bound cards of a type (1 bank, 2 USDT; absent both), oldest first. */
export async function listCards(db: DbOrTx, memberId: number, type: number | undefined): Promise<Card[]> {
  const filters = [eq(memberCards.memberId, memberId), isNull(memberCards.deletedAt)];
  if (type !== undefined) filters.push(eq(memberCards.type, type));
  const [rows, bankRows] = await Promise.all([
    db
      .select()
      .from(memberCards)
      .where(and(...filters))
      .orderBy(asc(memberCards.id)),
    db.select({ name: banks.bankName, ico: banks.ico }).from(banks),
  ]);
  const icons = new Map(bankRows.map((b) => [b.name, b.ico]));
  return rows.map((r) => cardView(r, icons));
}

/** The body of /api/bindcard, as the contract parses it. */
export type BindCardInput = ParsedBodyOf<Endpoints['bindCard']>;

/**
 * /api/bindcard: the form's rules in the order of docs/member-app.md "Bank card rules" and "USDT address rules" (bank card or USDT address), then the pay password (251/205),
 * then at most 5 of the kind (207). The wallet lock makes two binds of one member run in turn, so the limit holds.
 */
export async function bindCard(db: Db, memberId: number, input: BindCardInput): Promise<void> {
  const isUsdt = input.bank.trim().toUpperCase() === USDT_BANK;
  const problem = isUsdt
    ? validateUsdtCard({
        address: input.bank_no,
        protocol: input.bank_owner.trim().toUpperCase(),
        pay_pass: input.pay_pass,
      })
    : validateBankCard(input);
  if (problem) throw badInput(problem);
  const type = isUsdt ? CARD_TYPE.usdt : CARD_TYPE.bank;
  await db.transaction(async (tx) => {
    await lockWallet(tx, memberId);
    await checkPayPassword(tx, memberId, input.pay_pass, MSG.cardPayPassRequired);
    const [bound] = await tx
      .select({ n: count() })
      .from(memberCards)
      .where(and(eq(memberCards.memberId, memberId), eq(memberCards.type, type), isNull(memberCards.deletedAt)));
    if ((bound?.n ?? 0) >= MAX_CARDS_PER_KIND) throw new AppError(BizCode.CARD_LIMIT, MSG.cardLimit);
    await tx.insert(memberCards).values({
      memberId,
      type,
      bank: isUsdt ? USDT_BANK : input.bank.trim(),
      bankOwner: isUsdt ? input.bank_owner.trim().toUpperCase() : input.bank_owner.trim(),
      bankNo: input.bank_no.trim(),
      bankAddress: input.bank_address.trim(),
    });
  });
}

/** /api/delcard: only the member's own bound card; any other id answers 202 as if it did not exist. */
export async function unbindCard(db: Db, memberId: number, id: number): Promise<void> {
  const [removed] = await db
    .update(memberCards)
    .set({ deletedAt: new Date() })
    .where(and(eq(memberCards.id, id), eq(memberCards.memberId, memberId), isNull(memberCards.deletedAt)))
    .returning({ id: memberCards.id });
  if (!removed) throw new AppError(BizCode.NOT_FOUND, MSG.cardNotFound);
}

/** /api/banklist: the enabled banks in display order. */
export async function bankList(db: DbOrTx) {
  const rows = await db
    .select({ id: banks.id, bank_name: banks.bankName })
    .from(banks)
    .where(eq(banks.enabled, 1))
    .orderBy(asc(banks.sort), asc(banks.id));
  return rows;
}
