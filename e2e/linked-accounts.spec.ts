import { describe, expect, it } from 'vitest';
import { adminApi, approveDeposit, creditMember, browserOfFile } from './support/browser';
import {
  clickInDialog,
  bankDeposit,
  desktopPage,
  expectToast,
  newMemberWithCard,
  openScreenAsBoss,
  rowWith,
  withdraw,
} from './support/console';

// 提款审核 beside its evidence: the member asking for money shares a bank card with two others; the reviewer opens
// 关联账户 from the withdrawal's row, sees both with their figures, and freezes one of them, the other untouched.

const browser = browserOfFile();

const memberState = async (username: string) => {
  const list = await adminApi<{ data: { username: string; state: number }[] }>(
    'GET',
    `/admin/api/members?username=${username}`,
  );
  return list.data.data.find((m) => m.username === username)?.state;
};

describe('linked accounts on 提款审核', () => {
  it('shows the two members sharing the card with their figures, and freezes one', async () => {
    // A card number of this journey alone (the other journeys' members share the usual test card).
    const card = `6217${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const asking = await newMemberWithCard(card);
    const depositor = await newMemberWithCard(card);
    const quiet = await newMemberWithCard(card);
    await creditMember(asking.name, '500');
    const orderNo = await withdraw(asking, '200');
    const depositNo = await bankDeposit(depositor, '300');
    expect((await approveDeposit(depositNo)).code).toBe(200);

    const { page, errors, context } = await desktopPage(browser());
    await openScreenAsBoss(page, 'withdrawals', '提款审核');
    await rowWith(page, orderNo)
      .getByRole('button', { name: `关联账户 ${asking.name}` })
      .click();
    const drawer = page.getByRole('dialog', { name: `关联账户：${asking.name}` });
    const depositorRow = drawer.locator('tr', { hasText: depositor.name });
    const quietRow = drawer.locator('tr', { hasText: quiet.name });
    await depositorRow.waitFor();
    // The evidence is the card, masked; the figures are each member's own.
    expect(await depositorRow.textContent()).toContain(card.slice(-4));
    expect(await depositorRow.textContent()).toContain('300.00');
    expect(await depositorRow.textContent()).toContain('正常');
    expect(await quietRow.textContent()).toContain('0.00');

    await quietRow.getByRole('button', { name: `冻结 ${quiet.name}` }).click();
    await clickInDialog(page, '冻结', { exact: true });
    await expectToast(page, `已冻结会员 ${quiet.name}`);
    await expect.poll(() => quietRow.textContent()).toContain('已冻结');
    expect(await memberState(quiet.name)).toBe(0);
    expect(await memberState(depositor.name)).toBe(1);
    expect(await memberState(asking.name)).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });
});
