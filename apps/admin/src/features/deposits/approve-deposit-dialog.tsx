import { type adminEndpoints, MSG } from '@h5/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { type DepositEvidence, depositReview, fetchReceivingAccounts } from './api';

type Row = RowOf<typeof adminEndpoints.deposits>;
type Account = Awaited<ReturnType<typeof fetchReceivingAccounts>>[number];

/** The receiving-account channel a deposit was paid to (a getPayRange type). */
const channelOf = (row: Row) => (row.pay_way === 'usdt' ? `usdt-${row.catepay.toLowerCase()}` : row.pay_way);

const accountLabel = (a: Account) =>
  `${a.channel === 'bank' ? `${a.bank_name} ${a.bank_owner} ${a.bank_no}` : `${a.mch_id}${a.content ? ` ${a.content}` : ''}`}${a.enabled ? '' : '（已停用）'}`;

export interface ApproveDepositDialogProps {
  row: Row | null;
  describe: (row: Row) => ReactNode;
  onClose: () => void;
}

/**
 * 通过 of a deposit paid to a receiving account: a first (or only) approval names the receiving account the money
 * reached and the payer's reference found on it (the transfer's serial, the payer's name); a second approval shows
 * what the first recorded and confirms it. Above the line or past a daily total the server keeps a first approval
 * waiting for another operator and says so.
 */
export function ApproveDepositDialog({ row, describe, onClose }: ApproveDepositDialogProps) {
  const [form] = Form.useForm<{ receiving_account_id: number; payer_reference: string }>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const second = Boolean(row?.first_reviewed_by);
  const accounts = useQuery({
    queryKey: ['receivingAccounts'],
    queryFn: ({ signal }) => fetchReceivingAccounts(signal),
    enabled: row !== null && !second,
  });
  const options = row
    ? (accounts.data ?? [])
        .filter((a) => a.channel === channelOf(row))
        .map((a) => ({ value: a.id, label: accountLabel(a) }))
    : [];

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!row) return;
    let evidence: DepositEvidence = {};
    if (!second) {
      const fields = await form.validateFields();
      evidence = { receiving_account_id: fields.receiving_account_id, payer_reference: fields.payer_reference.trim() };
    }
    setBusy(true);
    try {
      const answer = await depositReview.approve(row, evidence);
      void message.success(
        answer.message && answer.message !== MSG.ok && answer.message !== 'ok'
          ? answer.message
          : '已通过，金额已入会员中心钱包',
      );
    } catch {
      // the client has shown why
    } finally {
      setBusy(false);
      await Promise.all(depositReview.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      close();
    }
  };

  return (
    <Modal
      open={row !== null}
      title={second ? '复核通过该存款？' : '确认通过该存款？'}
      okText={second ? '确认复核通过' : '确认通过'}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      {row && describe(row)}
      {row && second ? (
        <Alert
          type="info"
          showIcon
          title={`初审：${row.first_reviewed_by}；收款账户：${row.receiving_account}；付款流水：${row.payer_reference}。本次为复核，通过后入账。`}
        />
      ) : null}
      {row && !second && row.needs_second_review ? (
        <Alert type="warning" showIcon title="金额超过大额复核线：本次为初审，需另一位操作员复核后才入账。" />
      ) : null}
      {!second && (
        <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 12 }}>
          <Form.Item
            name="receiving_account_id"
            label="到账的收款账户"
            rules={[{ required: true, message: MSG.depositReceivingAccountRequired }]}
          >
            <Select options={options} loading={accounts.isLoading} placeholder="选择款项实际到账的账户" />
          </Form.Item>
          <Form.Item
            name="payer_reference"
            label="付款流水号 / 付款人"
            rules={[
              { required: true, whitespace: true, message: MSG.depositPayerReferenceRequired },
              { max: 128, message: '最多 128 字' },
            ]}
          >
            <Input maxLength={128} placeholder="在收款账户流水中找到的这笔转账的流水号、付款人姓名" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
