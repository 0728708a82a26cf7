import { maskUsername, MSG } from '@h5/contract';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminApi,
  approveSetting,
  baseURL,
  bindBankCard,
  browserOfFile,
  memberApi,
  phonePage,
  submitRegisterForm,
  uniqueName,
  transferIntoVenue,
  startOnlineDeposit,
} from './support/browser';
import {
  clickInDialog,
  desktopPage,
  dialog,
  expectToast,
  openScreen,
  openScreenAsBoss,
  rowWith,
} from './support/console';

const browser = browserOfFile();

/** A member who applied to the partner programme and whom finance approved. */
async function approvedPartner() {
  const name = uniqueName('p');
  const registered = await memberApi<{ api_token: string }>(null, '/api/register', {
    name,
    password: 'secret123',
    confirmPass: 'secret123',
    realname: '代理甲',
    paypassword: 'pay123456',
    code: 'AB12',
  });
  const token = registered.data.api_token;
  expect((await memberApi(token, '/api/applyagentdo', { mobile: '8613912345678', apply_info: '推广渠道' })).code).toBe(
    200,
  );
  const list = await adminApi<{ data: Array<{ id: number; username: string }> }>(
    'GET',
    '/admin/api/agent-applications?state=1&pagesize=50',
  );
  const mine = list.data.data.find((a) => a.username === name);
  expect((await adminApi('POST', `/admin/api/agent-applications/${mine?.id}/approve`, { note: '' })).code).toBe(200);
  const referral = await memberApi<{ pid: number; link: string }>(token, '/api/referralinfo');
  return { name, token, id: referral.data.pid, link: referral.data.link };
}

/** Plays rounds of 押大 in the sandbox game frame until the member is behind overall; answers the loss and the rounds it took. */
async function playUntilBehind(frame: FrameLocator): Promise<{ loss: number; rounds: number }> {
  let total = 0;
  for (let round = 1; round <= 9; round += 1) {
    // Doubling the stake after each win: the first loss leaves the member 10.00 behind.
    await frame.getByLabel(/下注金额/).fill(String(total + 10));
    await frame.getByRole('button', { name: '押大' }).click();
    await expect.poll(() => frame.locator('#log li').count()).toBe(round);
    const line = (await frame.locator('#log li').first().textContent()) ?? '';
    const winLoss = Number(/输赢 (-?\d+(?:\.\d+)?)/.exec(line)?.[1]);
    expect(Number.isFinite(winLoss)).toBe(true);
    total += winLoss;
    if (total < 0) return { loss: -total, rounds: round };
  }
  throw new Error('the member won nine rounds in a row');
}

describe('the partner programme', () => {
  // Three people's pages one after the other (member, partner, two operators): longer than one journey's bound.
  it(
    'a member joins through a partner link, deposits and plays; the partner sees them; the month is paid',
    { timeout: 180_000 },
    async () => {
      const partner = await approvedPartner();
      expect(partner.link).toBe(`${baseURL()}/#/login?type=1&pid=${partner.id}`);

      // The member registers through the partner's link, deposits 300 at the sandbox gateway and plays.
      const member = await phonePage(browser());
      await member.page.goto(partner.link);
      const memberName = await submitRegisterForm(member.page, uniqueName('d'));
      await bindBankCard(member.page);
      await startOnlineDeposit(member.page, '支付宝', '300');
      await member.page.getByRole('link', { name: '前往支付' }).click();
      await member.page.waitForURL(/\/sandbox\/epay\/submit\.php\?/);
      await member.page.getByRole('button', { name: '确认支付' }).click();
      await member.page.waitForURL(/#\/payInfo\?deposit_no=/);
      await expect
        .poll(() => member.page.getByRole('region', { name: '订单状态' }).getByRole('status').textContent())
        .toBe('已到账');

      await transferIntoVenue(member.page, '星河真人', '300');
      await expectToast(member.page, '转账成功');
      await member.page.goto(`${baseURL()}/#/gamePage?name=XHZR&type=baccarat&code=baccarat`);
      const { loss: memberLoss, rounds } = await playUntilBehind(member.page.frameLocator('iframe.game-frame'));
      // The settled rounds reach our records by the venue's bet pull (every 2 s here): the partner's month counts them
      // once they are in.
      const recordedRounds = async () =>
        (await memberApi<{ data: unknown[] }>(member.page, '/api/betrecord')).data.data.length;
      await expect.poll(recordedRounds, { timeout: 15_000 }).toBe(rounds);
      // A member who is not a partner is refused the agent centre, in words, with the way to apply.
      await member.page.goto(`${baseURL()}/#/agentCenter`);
      await member.page.getByText(MSG.notPartner).waitFor();
      await member.page.getByRole('button', { name: '申请代理' }).waitFor();
      expect(member.errors).toEqual([]);
      await member.context.close();

      // The partner signs in with the member account and opens 代理登录 on /mine: the agent centre in the frame.
      const agent = await phonePage(browser());
      await agent.page.goto(`${baseURL()}/#/login`);
      await agent.page.getByPlaceholder('请输入账号').fill(partner.name);
      await agent.page.getByPlaceholder('请输入密码').fill('secret123');
      await agent.page.getByRole('button', { name: '登录', exact: true }).click();
      await agent.page.getByLabel('账户余额').waitFor();
      await agent.page.goto(`${baseURL()}/#/mine`);
      await agent.page.getByText('代理登录').click();
      await agent.page.waitForURL(/#\/gamePage\?dailiD=1/);
      const centre = agent.page.frameLocator('iframe.game-frame');
      const month = centre.getByRole('region', { name: '本月概况' });
      await month.waitFor();
      await expect
        .poll(() => month.getByText('存款', { exact: true }).locator('xpath=following-sibling::dd').textContent())
        .toBe('300.00');
      await expect
        .poll(() => month.getByText('平台盈亏', { exact: true }).locator('xpath=following-sibling::dd').textContent())
        .toBe(memberLoss.toFixed(2));
      await centre.getByText('下级会员', { exact: true }).click();
      const downline = centre.getByRole('list', { name: '下级会员列表' });
      const row = downline.getByRole('listitem').filter({ hasText: maskUsername(memberName) });
      await row.waitFor();
      expect(await row.textContent()).toContain('300.00');
      // The partner sees the name masked, never whole.
      expect(await downline.textContent()).not.toContain(memberName);
      await centre.getByText('推广链接', { exact: true }).click();
      await expect.poll(() => centre.getByLabel('推广链接地址').textContent()).toBe(partner.link);
      await centre.getByRole('img', { name: '推广二维码' }).waitFor();

      // Finance: a plan, the partner on it, the running month settled early (a sandbox site may) and paid.
      const desk = await desktopPage(browser());
      await openScreenAsBoss(desk.page, '/partner-plans', '佣金方案');
      await desk.page.getByRole('button', { name: '新增方案' }).click();
      const planName = `方案${uniqueName('')}`;
      await dialog(desk.page).getByLabel('方案名称').fill(planName);
      await dialog(desk.page).getByLabel('支付手续费分摊(%)').fill('0');
      await dialog(desk.page).getByLabel('第1档 净盈利门槛').fill('0');
      await dialog(desk.page).getByLabel('佣金比例(%)').fill('25');
      await clickInDialog(desk.page, '保存');
      // A plan decides what is paid: it exists once a second admin approves it (docs/operators.md "Caps on money settings").
      await expectToast(desk.page, MSG.integrationChangePending);
      await approveSetting('commission-plan:new');

      await openScreen(desk.page, `/partners?username=${partner.name}`, '代理管理');
      await desk.page.getByRole('combobox', { name: `${partner.name}的佣金方案` }).click();
      await desk.page.getByTitle(planName).click();
      await expectToast(desk.page, '佣金方案已设置');

      await openScreen(desk.page, '/partner-statements', '代理结算');
      const running = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
      const settleForm = desk.page.getByRole('region', { name: '月结' });
      await settleForm.getByLabel('结算月份').fill(running);
      await settleForm.getByText('提前结算本月（仅演示环境）').click();
      await settleForm.getByRole('button', { name: '生成结算单' }).click();
      await expectToast(desk.page, '张结算单');

      const statements = await adminApi<{
        data: Array<{
          id: number;
          commission: string;
          ggr: string;
          deposits: string;
          net_revenue: string;
          bonuses: string;
          rebates: string;
        }>;
      }>('GET', `/admin/api/partner-statements?month=${running}&username=${partner.name}`);
      const statement = statements.data.data[0];
      expect(statement).toMatchObject({ deposits: '300.00', ggr: memberLoss.toFixed(2), rebates: '0.00' });
      const net = Math.round(Number(statement?.net_revenue) * 100);
      expect(net).toBe(Math.round(memberLoss * 100) - Math.round(Number(statement?.bonuses) * 100));
      const commission = Math.round((net * 2500) / 10_000);
      expect(statement?.commission).toBe((commission / 100).toFixed(2));
      expect(commission).toBeGreaterThan(0);

      const line = rowWith(desk.page, partner.name);
      await line.getByRole('button', { name: '派发' }).click();
      await clickInDialog(desk.page, '派发');
      await expectToast(desk.page, MSG.statementPaid);
      await line.getByText('已派发').waitFor();

      // The commission reaches the partner's central wallet, and the statement shows in the agent centre.
      const balance = await memberApi<{ balance: string }>(partner.token, '/api/balance');
      expect(balance.data.balance).toBe((commission / 100).toFixed(2));
      await agent.page.reload();
      const frame = agent.page.frameLocator('iframe.game-frame');
      await frame.getByText('佣金报表', { exact: true }).click();
      const paid = frame.getByRole('list', { name: '佣金报表列表' }).getByRole('listitem').first();
      await paid.getByText('已派发').waitFor();
      expect(await paid.textContent()).toContain((commission / 100).toFixed(2));

      expect(agent.errors).toEqual([]);
      await agent.context.close();
      await desk.context.close();
    },
  );
});
