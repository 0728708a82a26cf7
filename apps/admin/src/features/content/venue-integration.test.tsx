import { MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { integrationChange, venueRow } from '../../test/fixtures';
import { fail, mockApi, ok, renderScreen, signInAs, tableRow } from '../../test/render';
import { VenuesPage } from './resource-screens';

// 接入设置 of a Hub88 venue and its 同步游戏 (docs/venues.md "Connecting Hub88 step by step").

const OUR_PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAours\n-----END PUBLIC KEY-----\n';
const THEIR_PUBLIC_KEY = '-----BEGIN PUBLIC KEY-----\nMIIBIjANtheirs\n-----END PUBLIC KEY-----';
const PASTED_PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQpasted\n-----END PRIVATE KEY-----';

const h5Venue = venueRow();
const hub88Venue = venueRow({
  id: 7,
  code: 'HQDZ',
  name: '环球电子',
  platname: 'HQDZ',
  category_id: 'concise',
  wallet_mode: 'seamless',
  api_base_url: 'https://api.hub88.example.com',
  api_secret_set: false,
  protocol: 'hub88',
  operator_id: '4711',
  aggregator_public_key: THEIR_PUBLIC_KEY,
  private_key_set: true,
  public_key: OUR_PUBLIC_KEY,
});

const pending = () => {
  const masked = { protocol: 'hub88', private_key: '********' };
  return ok(
    integrationChange({ id: 1, before: masked, after: masked, maker_id: 1, made_by: 'boss' }),
    MSG.integrationChangePending,
  );
};

async function openIntegration(name: string) {
  await screen.findByText(name);
  await userEvent.click(screen.getByRole('button', { name: `接入设置 ${name}` }));
  return screen.findByRole('dialog');
}

describe('接入设置 of a Hub88 venue', () => {
  it('switches a venue to Hub88: its keys replace the secret, and the server generates our key pair', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockApi({
      'GET /admin/api/venues': () => ok([h5Venue]),
      'POST /admin/api/venues/5/integration': pending,
    });
    renderScreen(<VenuesPage />);
    const dialog = await openIntegration('新濠真人');
    expect(within(dialog).getByLabelText('签名密钥')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('运营商编号')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: '接入协议' }));
    await userEvent.click(await screen.findByTitle('Hub88（RSA 密钥对）'));
    expect(await within(dialog).findByLabelText('运营商编号')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('签名密钥')).not.toBeInTheDocument();
    // A Hub88 venue plays from the central wallet.
    expect(within(dialog).getByTitle('无缝钱包')).toBeInTheDocument();
    // Nothing stored yet: no 保留现有, and 生成密钥 is chosen.
    expect(within(dialog).queryByLabelText('保留现有')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('生成密钥')).toBeChecked();
    expect(within(dialog).queryByLabelText('我方公钥')).not.toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('接口地址'));
    await userEvent.type(within(dialog).getByLabelText('接口地址'), 'https://api.hub88.example.com');
    await userEvent.type(within(dialog).getByLabelText('运营商编号'), '4711');
    await userEvent.click(within(dialog).getByLabelText('聚合商公钥'));
    await userEvent.paste(THEIR_PUBLIC_KEY);
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText(MSG.integrationChangePending)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      wallet_mode: 'seamless',
      api_base_url: 'https://api.hub88.example.com',
      api_secret: '',
      currency: 'CNY',
      protocol: 'hub88',
      operator_id: '4711',
      aggregator_public_key: THEIR_PUBLIC_KEY,
      private_key: '',
      generate_private_key: true,
    });
  });

  it('shows our public key to send to the aggregator, keeps the stored keys unless asked, and sends a pasted private key', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockApi({
      'GET /admin/api/venues': () => ok([hub88Venue]),
      'POST /admin/api/venues/7/integration': pending,
    });
    renderScreen(<VenuesPage />);
    const dialog = await openIntegration('环球电子');
    expect(within(dialog).getByLabelText('我方公钥')).toHaveValue(OUR_PUBLIC_KEY);
    expect(within(dialog).getByLabelText('运营商编号')).toHaveValue('4711');
    // The aggregator's key is kept when left empty; our private key is never shown.
    expect(within(dialog).getByLabelText('聚合商公钥')).toHaveValue('');
    expect(within(dialog).getByLabelText('保留现有')).toBeChecked();
    expect(within(dialog).queryByLabelText('私钥（PEM）')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('粘贴私钥'));
    await userEvent.click(await within(dialog).findByLabelText('私钥（PEM）'));
    await userEvent.paste(PASTED_PRIVATE_KEY);
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      protocol: 'hub88',
      wallet_mode: 'seamless',
      operator_id: '4711',
      aggregator_public_key: '',
      private_key: PASTED_PRIVATE_KEY,
      generate_private_key: false,
    });
  });

  it("keeps the dialog open with the server's message when it refuses a key", async () => {
    signInAs('admin', 'boss');
    mockApi({
      'GET /admin/api/venues': () => ok([hub88Venue]),
      'POST /admin/api/venues/7/integration': () => fail(400, MSG.venueAggregatorKeyInvalid),
    });
    renderScreen(<VenuesPage />);
    const dialog = await openIntegration('环球电子');
    await userEvent.click(within(dialog).getByLabelText('聚合商公钥'));
    await userEvent.paste('not a key');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await within(dialog).findByText(MSG.venueAggregatorKeyInvalid)).toBeInTheDocument();
  });
});

describe('同步游戏', () => {
  it("syncs a Hub88 venue's games for content and says what changed; an h5 venue has no such button", async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'GET /admin/api/venues': () => ok([h5Venue, hub88Venue]),
      'POST /admin/api/venues/7/catalogue-sync': () =>
        ok({ listed: 8, added: 5, updated: 3, hidden: 1, skipped: 0 }, MSG.venueCatalogueSynced),
    });
    renderScreen(<VenuesPage />);
    await screen.findByText('环球电子');
    expect(within(tableRow('新濠真人')).queryByRole('button', { name: /同步游戏/ })).not.toBeInTheDocument();
    // Connected by its keys: the list shows its wallet mode, not 未接入.
    expect(within(tableRow('环球电子')).getByText('无缝钱包')).toBeInTheDocument();
    await userEvent.click(within(tableRow('环球电子')).getByRole('button', { name: '同步游戏 环球电子' }));
    expect(await screen.findByText('同步完成：新增 5，更新 3，隐藏 1')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/api/venues/7/catalogue-sync']);
  });

  it("shows the server's refusal when the aggregator gives no list", async () => {
    signInAs('admin', 'boss');
    mockApi({
      'GET /admin/api/venues': () => ok([hub88Venue]),
      'POST /admin/api/venues/7/catalogue-sync': () => fail(409, `${MSG.venueCatalogueFailed}（timeout）`),
    });
    renderScreen(<VenuesPage />);
    await screen.findByText('环球电子');
    await userEvent.click(screen.getByRole('button', { name: '同步游戏 环球电子' }));
    expect(await screen.findByText(`${MSG.venueCatalogueFailed}（timeout）`)).toBeInTheDocument();
  });
});
