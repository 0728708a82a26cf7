import { adminEndpoints, firstIssueMessage, MSG, VENUE_WALLET_MODES } from '@h5/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { callAdminWithMessage } from '../../shared/api/client';
import { isApiError } from '@h5/contract/api-error';
import { useCan } from '../../shared/session/use-can';
import { EditModal } from '../../shared/ui/edit-modal';

const e = adminEndpoints;
export const WALLET_MODE_LABEL: Record<string, string> = { transfer: '转账钱包', seamless: '无缝钱包' };

export interface VenueIntegrationRow {
  id: number;
  code: string;
  name: string;
  wallet_mode: string;
  api_base_url: string;
  api_secret_set: boolean;
  currency: string;
  pending_change: boolean;
}

interface Values {
  wallet_mode: string;
  api_base_url: string;
  api_secret: string;
  currency: string;
}

/**
 * 接入设置 of a venue (admin): its wallet mode, API address, secret and currency. Saving proposes a change that a
 * second admin approves under 待审批变更; until then the venue keeps what it has.
 */
function VenueIntegrationDialog({ row, onClose }: { row: VenueIntegrationRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const save = async () => {
    setRefusal(null);
    const values = form.getFieldsValue(true) as Values;
    const input = { ...values, api_secret: values.api_secret ?? '' };
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
          wallet_mode: row.wallet_mode,
          api_base_url: row.api_base_url,
          api_secret: '',
          currency: row.currency,
        }}
      >
        <Form.Item
          name="wallet_mode"
          label="钱包模式"
          extra="转账钱包：余额在场馆方，经接口转入转出；无缝钱包：场馆直接从中心钱包扣款派彩"
        >
          <Select options={VENUE_WALLET_MODES.map((value) => ({ value, label: WALLET_MODE_LABEL[value] }))} />
        </Form.Item>
        <Form.Item name="api_base_url" label="接口地址" extra="场馆接口的 http(s) 地址">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="api_secret"
          label="签名密钥"
          extra={
            row.api_secret_set ? '已设置；留空则不修改（更换接口地址时必填）' : '至少16位，双方签名所用，提交后不再显示'
          }
        >
          <Input autoComplete="new-password" />
        </Form.Item>
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
