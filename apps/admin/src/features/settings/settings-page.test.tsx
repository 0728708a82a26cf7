import { MSG } from '@h5/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../test/fixtures';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import SettingsPage from './settings-page';

const settings = siteSettings({ site_logo: '/art/logo.png', webcontent: '<p>欢迎</p>' });

/** The settings group titled `name`, once the screen shows it. */
const findGroup = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('.ant-card') as HTMLElement;

/** Replaces what `field` holds with `value`. */
async function retype(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

describe('站点设置', () => {
  it("saves one group's keys only, and shows the server's message when it refuses one", async () => {
    signInAs('admin');
    let refuse = true;
    const { calls } = mockApi({
      'GET /admin/api/settings': () => ok(settings),
      'PUT /admin/api/settings': () =>
        refuse ? fail(422, '最低提现金额不能高于最高提现金额') : ok({ ...settings, withdraw_min: 200 }),
    });
    renderScreen(<SettingsPage />);
    const withdrawals = await findGroup('提款');
    const min = within(withdrawals).getByLabelText('单笔最低（元）');
    await retype(min, '90000');
    await userEvent.click(within(withdrawals).getByRole('button', { name: '保存提款设置' }));
    expect(await within(withdrawals).findByRole('alert')).toHaveTextContent('最低提现金额不能高于最高提现金额');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      withdraw_min: 90000,
      withdraw_max: 50000,
      withdraw_daily_count: 5,
      turnover_multiple: 1,
      withdrawcashfee: '1.00',
      withdrawusdtrate: '7.10',
      withdrawfeeusdttrc: '1.00',
    });

    refuse = false;
    await retype(min, '200');
    await userEvent.click(within(withdrawals).getByRole('button', { name: '保存提款设置' }));
    expect(await screen.findByText('提款设置已保存')).toBeInTheDocument();
    expect(within(withdrawals).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the deposit bonus waits for a second admin, while the rest of its group is saved', async () => {
    signInAs('admin');
    const { calls } = mockApi({
      'GET /admin/api/settings': () => ok(settings),
      // The server saves the rate and proposes the bonus: its answer still holds the bonus as it was.
      'PUT /admin/api/settings': () => ok({ ...settings, usdtrate: '7.30' }, MSG.integrationChangePending),
    });
    renderScreen(<SettingsPage />);
    const deposits = await findGroup('存款');
    const bonus = within(deposits).getByLabelText('存款赠送（%）');
    await retype(bonus, '50');
    const rate = within(deposits).getByLabelText('USDT存款汇率');
    await retype(rate, '7.30');
    await userEvent.click(within(deposits).getByRole('button', { name: '保存存款设置' }));
    expect(await screen.findByText(`存款设置已保存；存款赠送${MSG.integrationChangePending}`)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      usdtrate: '7.30',
      deposit_bonus_percent: 50,
      deposit_bonus_max: 1888,
    });
  });

  it('turns the site off with a switch of the 站点 group', async () => {
    signInAs('admin');
    const { calls } = mockApi({
      'GET /admin/api/settings': () => ok(settings),
      'PUT /admin/api/settings': () => ok({ ...settings, site_state: 0 }),
    });
    renderScreen(<SettingsPage />);
    const site = await findGroup('站点');
    await userEvent.click(within(site).getByRole('switch', { name: '站点开放' }));
    await userEvent.click(within(site).getByRole('button', { name: '保存站点设置' }));
    expect(await screen.findByText('站点设置已保存')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>).site_state).toBe(0);
  });

  it('sets the two-person lines together under 双人复核, and shows why the server refuses 0', async () => {
    signInAs('admin');
    const refusal = '设置项adjust_second_review_above的值不正确：复核线须在1至100000元之间，双人复核不能关闭';
    const { calls } = mockApi({
      'GET /admin/api/settings': () => ok(settings),
      'PUT /admin/api/settings': (call) =>
        (call.body as { adjust_second_review_above: number }).adjust_second_review_above === 0
          ? fail(400, refusal)
          : ok({ ...settings, adjust_second_review_above: 500 }),
    });
    renderScreen(<SettingsPage />);
    const lines = await findGroup('双人复核');
    const adjust = within(lines).getByLabelText('调整复核线（元）');
    await retype(adjust, '0');
    await userEvent.click(within(lines).getByRole('button', { name: '保存双人复核设置' }));
    expect(await within(lines).findByRole('alert')).toHaveTextContent(refusal);
    await retype(adjust, '500');
    await userEvent.click(within(lines).getByRole('button', { name: '保存双人复核设置' }));
    expect(await screen.findByText('双人复核设置已保存')).toBeInTheDocument();
    // The group saves every line and daily total it shows (the fixture's nine), as shown but for the one retyped.
    const shown = Object.entries(settings).filter(([key]) => key.includes('_second_review_'));
    expect(shown).toHaveLength(9);
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      ...Object.fromEntries(shown),
      adjust_second_review_above: 500,
    });
  });
});
