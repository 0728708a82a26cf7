import { adminEndpoints, firstIssueMessage, MSG, VENUE_PROTOCOLS, VENUE_WALLET_MODES } from '@h5/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { callAdminWithMessage } from '../../shared/api/client';
import { isApiError } from '@h5/contract/api-error';
import { useCan } from '../../shared/session/use-can';
import { EditModal } from '../../shared/ui/edit-modal';

const e = adminEndpoints;
export const WALLET_MODE_LABEL: Record<string, string> = { transfer: '转账钱包', seamless: '无缝钱包' };
export const PROTOCOL_LABEL: Record<string, string> = { h5: 'H5（签名密钥）', hub88: 'Hub88（RSA 密钥对）' };

export interface VenueIntegrationRow {
  id: number;
  code: string;
  name: string;
  wallet_mode: string;
  api_base_url: string;
  api_secret_set: boolean;
  currency: string;
  protocol: string;
  operator_id: string;
  aggregator_public_key: string;
  private_key_set: boolean;
  /** Our public key, derived from the stored private key: what the aggregator verifies us with. */
  public_key: string;
  pending_change: boolean;
}

/** Where our private key comes from: kept as stored, made by the server (生成密钥), or pasted. */
type KeySource = 'keep' | 'generate' | 'paste';

interface Values {
  wallet_mode: string;
  api_base_url: string;
  api_secret: string;
  currency: string;
  protocol: string;
  operator_id: string;
  aggregator_public_key: string;
  key_source: KeySource;
  private_key: string;
}

/** The call's input of the form: a hub88 venue's keys, or an h5 venue's secret, never both. */
function inputOf(values: Values) {
  const common = {
    wallet_mode: values.wallet_mode,
    api_base_url: values.api_base_url ?? '',
    currency: values.currency,
    protocol: values.protocol,
  };
  if (values.protocol !== 'hub88') return { ...common, api_secret: values.api_secret ?? '' };
  return {
    ...common,
    api_secret: '',
    operator_id: values.operator_id ?? '',
    aggregator_public_key: values.aggregator_public_key ?? '',
    private_key: values.key_source === 'paste' ? (values.private_key ?? '') : '',
    generate_private_key: values.key_source === 'generate',
  };
}

/**
 * 接入设置 of a venue (admin): its protocol, wallet mode, API address and currency, and an h5 venue's secret or a
 * hub88 venue's operator id, the aggregator's public key and our private key (pasted, or 生成密钥 by the server;
 * docs/venues.md "Connecting Hub88 step by step"). Saving proposes a change that a second admin approves under
 * 待审批变更; until then the venue keeps what it has. Our private key is never shown: only our public key, to send to
 * the aggregator.
 */
function VenueIntegrationDialog({ row, onClose }: { row: VenueIntegrationRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const protocol = Form.useWatch('protocol', form) ?? row.protocol;
  const keySource = Form.useWatch('key_source', form) ?? (row.private_key_set ? 'keep' : 'generate');
  const hub88 = protocol === 'hub88';

  const save = async () => {
    setRefusal(null);
    const input = inputOf(form.getFieldsValue(true) as Values);
    const checked = e.venueIntegration.input.safeParse(input);
    if (!checked.success) {
      setRefusal(firstIssueMessage(checked.error));
      return;
    }
    setSaving(true);
    try {
      const answer = await callAdminWithMessage(e.venueIntegration, {
        params: { id: row.id },
        input: checked.data,
        silent: true,
      });
      void message.success(answer.message || MSG.integrationChangePending);
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : '提交失败');
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: ['resource', adminEndpoints.venuesList.path] });
      await queryClient.invalidateQueries({ queryKey: ['integrationChanges'] });
    }
  };

  return (
    <EditModal
      title={`接入设置：${row.name}`}
      okText="提交审批"
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      width={560}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="提交后不会立即生效：须另一位管理员在「待审批变更」中通过。更换接口地址时须重新填写密钥。"
      />
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          protocol: row.protocol,
          wallet_mode: row.wallet_mode,
          api_base_url: row.api_base_url,
          api_secret: '',
          currency: row.currency,
          operator_id: row.operator_id,
          aggregator_public_key: '',
          key_source: row.private_key_set ? 'keep' : 'generate',
          private_key: '',
        }}
      >
        <Form.Item
          name="protocol"
          label="接入协议"
          extra="H5：我方协议，双方以签名密钥签名；Hub88：Hub88 运营商接口，双方以 RSA 密钥签名"
        >
          <Select
            options={VENUE_PROTOCOLS.map((value) => ({ value, label: PROTOCOL_LABEL[value] }))}
            // A Hub88 venue mostly plays from the central wallet; 转账钱包 uses its TransferWallet API (docs/venues.md
            // "Hub88 transfer wallet").
            onChange={(value: string) => {
              if (value === 'hub88') form.setFieldValue('wallet_mode', 'seamless');
            }}
          />
        </Form.Item>
        <Form.Item
          name="wallet_mode"
          label="钱包模式"
          extra="转账钱包：余额在场馆方，经接口转入转出；无缝钱包：场馆直接从中心钱包扣款派彩"
        >
          <Select options={VENUE_WALLET_MODES.map((value) => ({ value, label: WALLET_MODE_LABEL[value] }))} />
        </Form.Item>
        <Form.Item
          name="api_base_url"
          label="接口地址"
          extra={hub88 ? '聚合商游戏接口（Games API）的 http(s) 地址' : '场馆接口的 http(s) 地址'}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {hub88 ? (
          <>
            <Form.Item name="operator_id" label="运营商编号" extra="聚合商分配给我方的 operator_id（数字）">
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="aggregator_public_key"
              label="聚合商公钥"
              extra={
                row.aggregator_public_key
                  ? '已设置；留空则不修改。粘贴聚合商提供的 PEM 公钥（-----BEGIN PUBLIC KEY-----）'
                  : '粘贴聚合商提供的 PEM 公钥（-----BEGIN PUBLIC KEY-----）'
              }
            >
              <Input.TextArea rows={4} autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Form.Item name="key_source" label="我方私钥">
              <Radio.Group
                options={[
                  ...(row.private_key_set ? [{ value: 'keep', label: '保留现有' }] : []),
                  { value: 'generate', label: '生成密钥' },
                  { value: 'paste', label: '粘贴私钥' },
                ]}
              />
            </Form.Item>
            {keySource === 'paste' ? (
              <Form.Item
                name="private_key"
                label="私钥（PEM）"
                extra="粘贴我方 RSA 私钥（-----BEGIN PRIVATE KEY-----，至少2048位），提交后不再显示"
              >
                <Input.TextArea rows={4} autoComplete="off" spellCheck={false} />
              </Form.Item>
            ) : null}
            {keySource === 'generate' ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="系统将生成新的 RSA 密钥对；审批通过后在此显示我方公钥，请发给聚合商。"
              />
            ) : null}
            {row.public_key ? (
              <Form.Item label="我方公钥" extra="当前生效的我方公钥，请发给聚合商，用于验证我方签名">
                <Input.TextArea aria-label="我方公钥" value={row.public_key} readOnly rows={4} spellCheck={false} />
              </Form.Item>
            ) : null}
          </>
        ) : (
          <Form.Item
            name="api_secret"
            label="签名密钥"
            extra={
              row.api_secret_set
                ? '已设置；留空则不修改（更换接口地址时必填）'
                : '至少16位，双方签名所用，提交后不再显示'
            }
          >
            <Input autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="currency" label="币种">
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </EditModal>
  );
}

/** The 接入设置 button of a venue's row, for the roles that may propose (admin). */
export function VenueIntegrationButton({ row }: { row: VenueIntegrationRow }) {
  const [open, setOpen] = useState(false);
  if (!useCan(e.venueIntegration)) return null;
  return (
    <>
      <Button size="small" aria-label={`接入设置 ${row.name}`} onClick={() => setOpen(true)}>
        接入设置
      </Button>
      {open ? <VenueIntegrationDialog row={row} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * 同步游戏 of a hub88 venue's row (content, admin: who manages the games): brings the aggregator's game list in now
 * and says what it added, updated and hid (docs/venues.md "Hub88 catalogue").
 */
export function VenueCatalogueSyncButton({ row }: { row: Pick<VenueIntegrationRow, 'id' | 'name' | 'protocol'> }) {
  const [syncing, setSyncing] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = useCan(e.venueCatalogueSync);
  if (!allowed || row.protocol !== 'hub88') return null;
  const run = async () => {
    setSyncing(true);
    try {
      const { data } = await callAdminWithMessage(e.venueCatalogueSync, { params: { id: row.id }, silent: true });
      void message.success(`同步完成：新增 ${data.added}，更新 ${data.updated}，隐藏 ${data.hidden}`);
      await queryClient.invalidateQueries({ queryKey: ['resource', adminEndpoints.gamesList.path] });
    } catch (error) {
      void message.error(isApiError(error) ? error.message : '同步失败');
    } finally {
      setSyncing(false);
    }
  };
  return (
    <Button size="small" aria-label={`同步游戏 ${row.name}`} loading={syncing} onClick={() => void run()}>
      同步游戏
    </Button>
  );
}
