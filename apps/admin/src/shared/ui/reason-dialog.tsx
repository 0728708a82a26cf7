import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What is decided, shown above the field (member, amount, number). */
  summary?: React.ReactNode;
  label?: string;
  okText?: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A refusal needs its reason: a dialog with one required field; it closes once the call has answered. */
export function ReasonDialog({
  open,
  title,
  summary,
  label = '拒绝原因',
  okText = '确认拒绝',
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } finally {
      setBusy(false);
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {summary}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { max: 200, message: `${label}最多 200 字` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
