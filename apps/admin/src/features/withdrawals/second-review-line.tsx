import { adminEndpoints } from '@h5/contract';
import { App, Button, Form, InputNumber, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { useCan } from '../../shared/session/use-can';
import { useSecondReviewLine, useSetSecondReviewLine } from './api';

/**
 * The line above which a withdrawal needs a second approver. Only an admin may move it (never to 0, never above
 * 100,000.00); finance sees it read-only.
 */
export function SecondReviewLine() {
  const line = useSecondReviewLine();
  const update = useSetSecondReviewLine();
  const canEdit = useCan(adminEndpoints.withdrawReviewSettingUpdate);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ above: number | null }>();
  const above = line.data?.withdraw_second_review_above;

  const save = async ({ above: value }: { above: number | null }) => {
    try {
      if (value === null) return;
      await update.mutateAsync(value);
      void message.success('复核线已更新');
      setOpen(false);
    } catch {
      // the client has shown why
    }
  };

  return (
    <Space>
      <Typography.Text type="secondary">
        {above === undefined ? '复核线加载中…' : `大额复核：超过 ${formatMoney(above)} 元的提款需另一位操作员复核`}
      </Typography.Text>
      {canEdit && (
        <Popover
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) form.setFieldsValue({ above: above ?? null });
          }}
          trigger="click"
          title="设置大额复核线"
          content={
            <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
              <Form.Item
                name="above"
                label="复核线（元，1 至 100000）"
                extra="双人复核不能关闭，只能调低或调高"
                rules={[{ required: true, message: '请输入复核线' }]}
              >
                <InputNumber min={1} max={100000} precision={2} style={{ width: 200 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                保存
              </Button>
            </Form>
          }
        >
          <Button size="small">设置</Button>
        </Popover>
      )}
    </Space>
  );
}
