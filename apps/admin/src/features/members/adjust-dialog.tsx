import { MSG, parseMoneyToCents } from '@h5/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { newReference } from '../../shared/idempotency';
import { useAdjust } from './api';

interface AdjustForm {
  amount: string;
  note: string;
}

/**
 * 调整余额: a signed amount and a note, then a confirm dialog naming the member and the amount. One reference per
 * dialog, so a double submit or a retry after a lost answer adjusts once. Above the adjustment line the server only
 * records it for another operator (调整复核): the dialog then says so, with the balance unchanged.
 */
export function AdjustDialog({
  member,
  open,
  onClose,
}: {
  member: { id: number; username: string; balance: string };
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AdjustForm>();
  const adjust = useAdjust(member.id);
  const { modal, message } = App.useApp();
  const [reference, setReference] = useState(newReference);

  const close = () => {
    form.resetFields();
    setReference(newReference());
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    const amount = values.amount.trim().replace(/^\+/, '');
    const credit = !amount.startsWith('-');
    modal.confirm({
      title: '确认调整余额',
      content: (
        <div>
          <p>
            会员 <strong>{member.username}</strong> 的中心钱包将{credit ? '增加' : '减少'}{' '}
            <strong>{formatMoney(amount.replace(/^[+-]/, ''))}</strong> 元（当前余额 {formatMoney(member.balance)}）。
          </p>
          <p>备注：{values.note}</p>
          <p>余额调整不计入存款，不影响打码要求。</p>
        </div>
      ),
      okText: '确认调整',
      cancelText: '取消',
      okButtonProps: { danger: !credit },
      onOk: async () => {
        try {
          const answer = await adjust.mutateAsync({ amount, note: values.note.trim(), reference });
          if (answer.pending) {
            modal.info({
              title: '已提交复核',
              content: (
                <div>
                  <p>{MSG.adjustPendingReview}。</p>
                  <p>
                    调整 {formatMoney(answer.pending.amount)} 元，复核通过后才计入会员余额（当前余额{' '}
                    {formatMoney(answer.balance)}）。可在「调整复核」查看进度。
                  </p>
                </div>
              ),
              okText: '知道了',
            });
          } else {
            void message.success(`调整成功，当前余额 ${formatMoney(answer.balance)}`);
          }
          close();
        } catch {
          // the client has shown why; the dialog stays for a correction
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={`调整余额：${member.username}`}
      okText="下一步"
      cancelText="取消"
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} requiredMark={false}>
        <Form.Item
          name="amount"
          label="调整金额（元）"
          extra="正数为加款，负数为扣款，最多两位小数"
          rules={[
            { required: true, whitespace: true, message: '请输入调整金额' },
            {
              validator: (_rule, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!text) return Promise.resolve();
                const cents = /^[+-]?\d+(\.\d{1,2})?$/.test(text) ? parseMoneyToCents(text.replace(/^\+/, '')) : null;
                return cents === null || cents === 0
                  ? Promise.reject(new Error('请输入不为 0 的金额，最多两位小数'))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={16} placeholder="例如 100 或 -50.5" />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={[{ required: true, whitespace: true, message: '请填写调整原因' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
