import { MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { integrationChange, venueRow } from '../../test/fixtures';
import { fail, mockApi, ok, renderScreen, signInAs, tableRow } from '../../test/render';
import { GatewaysPage, NoticesPage, PayWaysPage, VenuesPage } from './resource-screens';

const notice = (over: Record<string, unknown> = {}) => ({
  id: 3,
  text: '春节活动火热进行中',
  sort: 0,
  enabled: 1,
  ...over,
});
const lastDialog = async () => (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;

describe('the resource page (公告)', () => {
  it('lists, and says so when there is nothing yet', async () => {
    signInAs('content', 'editor');
    mockApi({ 'GET /admin/api/notices': () => ok([]) });
    renderScreen(<NoticesPage />);
    expect(await screen.findByRole('heading', { name: '公告', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('refuses an empty notice with the API message before calling, then creates one', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'GET /admin/api/notices': () => ok([notice()]),
      'POST /admin/api/notices': () => ok(notice({ id: 4, text: '新公告' })),
    });
    renderScreen(<NoticesPage />);
    await screen.findByText('春节活动火热进行中');
    await userEvent.click(screen.getByRole('button', { name: '新增公告' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入内容')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('公告内容'), '新公告');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已新增')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: '新公告', sort: 0, enabled: 1 });
  });

  it("keeps the dialog open with the server's message when it refuses a value", async () => {
    signInAs('content', 'editor');
    mockApi({
      'GET /admin/api/notices': () => ok([notice()]),
      'PUT /admin/api/notices/3': () => fail(422, '输入内容过长'),
    });
    renderScreen(<NoticesPage />);
    await screen.findByText('春节活动火热进行中');
    await userEvent.click(screen.getByRole('button', { name: /^编辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('公告内容')).toHaveValue('春节活动火热进行中');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('输入内容过长');
  });

  it('deletes after confirming, and switches one off from the list', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'GET /admin/api/notices': () => ok([notice()]),
      'DELETE /admin/api/notices/3': () => ok(null),
      'PUT /admin/api/notices/3': () => ok(notice({ enabled: 0 })),
    });
    renderScreen(<NoticesPage />);
    await screen.findByText('春节活动火热进行中');
    await userEvent.click(within(tableRow('春节活动火热进行中')).getByRole('switch'));
    await userEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已停用')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: '春节活动火热进行中', sort: 0, enabled: 0 });

    await userEvent.click(screen.getByRole('button', { name: /^删除/ }));
    await userEvent.click(within(await lastDialog()).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/api/notices/3')).toBe(true);
  });

  it('hides the write buttons from a role that may only read', async () => {
    signInAs('finance', 'cashier');
    mockApi({ 'GET /admin/api/notices': () => ok([notice()]) });
    renderScreen(<NoticesPage />);
    await screen.findByText('春节活动火热进行中');
    expect(screen.queryByRole('button', { name: '新增公告' })).not.toBeInTheDocument();
  });
});

const gateway = {
  code: 'epay1',
  name: '易支付',
  protocol: 'epay',
  merchant_id: '1001',
  secret: '********',
  submit_url: 'https://pay.example.com/submit.php',
  enabled: 1,
  created_at: '2026-11-25 10:00:00',
  pending_change: false,
};

describe('支付通道 and 支付方式', () => {
  it('keeps the secret when it is left blank on edit, and sends it when typed', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockApi({
      'GET /admin/api/payment-gateways': () => ok([gateway]),
      'PUT /admin/api/payment-gateways/epay1': (call) =>
        ok({ ...gateway, pending_change: (call.body as { secret?: string }).secret !== undefined }),
    });
    renderScreen(<GatewaysPage />);
    await screen.findByText('易支付');
    await userEvent.click(screen.getByRole('button', { name: '编辑 易支付' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('商户密钥')).toHaveValue('');
    expect(within(dialog).queryByLabelText('通道代码')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '易支付',
      merchant_id: '1001',
      submit_url: 'https://pay.example.com/submit.php',
      enabled: 1,
    });
    expect(await screen.findByText('已保存')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '编辑 易支付' }));
    dialog = await lastDialog();
    await userEvent.type(within(dialog).getByLabelText('商户密钥'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('商户密钥长度须为8-128位')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('商户密钥'), '-now-long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // A new secret waits for a second admin: the notice says so rather than 已保存.
    expect(await screen.findByText('已提交，待另一位管理员审批后生效')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ secret: 'short-now-long-enough' });
  });

  it('lists a gateway with a change waiting as 待审批', async () => {
    signInAs('admin', 'boss');
    mockApi({ 'GET /admin/api/payment-gateways': () => ok([{ ...gateway, pending_change: true }]) });
    renderScreen(<GatewaysPage />);
    await screen.findByText('易支付');
    expect(within(tableRow('易支付')).getByText('待审批')).toBeInTheDocument();
  });

  it("shows an admin the way's 支付通道 and sends it", async () => {
    signInAs('admin', 'boss');
    const ranges = [{ type: 'alipay', min_price: '10.00', max_price: '5000.00' }];
    const { calls } = mockApi({
      'GET /admin/api/pay-ways': () =>
        ok([{ code: 'alipay', name: '支付宝', enabled: 1, sort: 1, gateway: 'epay1', ranges, pending_change: false }]),
      'GET /admin/api/payment-gateways': () => ok([gateway]),
      'PUT /admin/api/pay-ways/alipay': () =>
        ok({ code: 'alipay', name: '支付宝', enabled: 1, sort: 1, gateway: 'epay1' }),
    });
    renderScreen(<PayWaysPage />);
    await userEvent.click(await screen.findByRole('button', { name: '编辑 支付宝' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('支付通道')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ gateway: 'epay1' }));
  });

  it('changes a pay way with PUT only, sending its ranges along (finance: no 支付通道)', async () => {
    signInAs('finance', 'cashier');
    const ranges = [{ type: 'bank', min_price: '100.00', max_price: '50000.00' }];
    const { calls } = mockApi({
      'GET /admin/api/pay-ways': () =>
        ok([{ code: 'bank', name: '银行卡', enabled: 1, sort: 1, gateway: null, ranges, pending_change: false }]),
      'GET /admin/api/payment-gateways': () => ok([gateway]),
      'PUT /admin/api/pay-ways/bank': () => ok({ code: 'bank', name: '网银', enabled: 1, sort: 1, gateway: null }),
    });
    renderScreen(<PayWaysPage />);
    await screen.findByText('银行卡：100.00-50000.00');
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^删除/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '编辑 银行卡' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('支付通道')).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText('名称');
    await userEvent.clear(name);
    await userEvent.type(name, '网银');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ranges,
      name: '网银',
      sort: 1,
      enabled: 1,
    });
    expect(calls.some((c) => c.path === '/admin/api/payment-gateways')).toBe(false);
  });

  it('says a change of the ranges waits for a second admin, and lists the way as 待审批 until then', async () => {
    signInAs('finance', 'cashier');
    const ranges = [{ type: 'bank', min_price: '100.00', max_price: '50000.00' }];
    let proposed = false;
    mockApi({
      'GET /admin/api/pay-ways': () =>
        ok([{ code: 'bank', name: '银行卡', enabled: 1, sort: 1, gateway: null, ranges, pending_change: proposed }]),
      'GET /admin/api/payment-gateways': () => ok([gateway]),
      'PUT /admin/api/pay-ways/bank': () => {
        proposed = true;
        return ok({ code: 'bank', name: '银行卡', enabled: 1, sort: 1, gateway: null }, MSG.integrationChangePending);
      },
    });
    renderScreen(<PayWaysPage />);
    await screen.findByText('银行卡：100.00-50000.00');
    expect(within(tableRow('银行卡：100.00-50000.00')).queryByText('待审批')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '编辑 银行卡' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MSG.integrationChangePending)).toBeInTheDocument();
    await waitFor(() => expect(within(tableRow('银行卡：100.00-50000.00')).getByText('待审批')).toBeInTheDocument());
  });
});

const venue = venueRow();

describe('场馆 and its 接入设置', () => {
  it("gives content a form without the venue's money fields, and no 接入设置", async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'GET /admin/api/venues': () => ok([venue]),
      'PUT /admin/api/venues/5': () => ok({ ...venue, name: '新濠' }),
    });
    renderScreen(<VenuesPage />);
    await screen.findByText('新濠真人');
    expect(screen.queryByRole('button', { name: '接入设置 新濠真人' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '编辑 新濠真人' }));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['钱包模式', '接口地址', '签名密钥', '币种'])
      expect(within(dialog).queryByLabelText(label)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // The venue's own fields as the row holds them, and nothing of its integration.
    const { code, name, platname, category_id, sort, enabled } = venue;
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ code, name, platname, category_id, sort, enabled }),
    );
  });

  it('lets an admin propose the integration, which then waits for a second admin', async () => {
    signInAs('admin', 'boss');
    let pending = false;
    const { calls } = mockApi({
      'GET /admin/api/venues': () => ok([{ ...venue, pending_change: pending }]),
      'POST /admin/api/venues/5/integration': () => {
        pending = true;
        const masked = {
          wallet_mode: 'transfer',
          api_base_url: 'https://api.venue.example.com',
          api_secret: '********',
          currency: 'CNY',
        };
        const change = integrationChange({ id: 1, before: masked, after: masked, maker_id: 1, made_by: 'boss' });
        return { code: 200, message: '已提交，待另一位管理员审批后生效', data: change };
      },
    });
    renderScreen(<VenuesPage />);
    await screen.findByText('新濠真人');
    await userEvent.click(screen.getByRole('button', { name: '接入设置 新濠真人' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('须另一位管理员在「待审批变更」中通过');
    expect(within(dialog).getByLabelText('接口地址')).toHaveValue('https://api.venue.example.com');
    expect(within(dialog).getByLabelText('签名密钥')).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('签名密钥'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await within(dialog).findByText('转账钱包与无缝钱包场馆须填写签名密钥（至少16位）')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('签名密钥'), '-and-sixteen-more');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('已提交，待另一位管理员审批后生效')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      wallet_mode: 'transfer',
      api_base_url: 'https://api.venue.example.com',
      api_secret: 'short-and-sixteen-more',
      currency: 'CNY',
      protocol: 'h5',
      operator_id: '',
      aggregator_public_key: '',
      private_key: '',
      generate_private_key: false,
    });
    expect(await within(tableRow('新濠真人')).findByText('待审批')).toBeInTheDocument();
  });
});
