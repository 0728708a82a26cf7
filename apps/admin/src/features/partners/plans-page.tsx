import { type adminEndpoints, MSG } from '@h5/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { DataOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { emptyLocale } from '../../shared/ui/empty';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag } from '../../shared/ui/status-tag';
import { afterPartnerChange, createPlan, type PlanInput, updatePlan, usePlans } from './api';

type Plan = DataOf<typeof adminEndpoints.commissionPlans>[number];
interface TierForm {
  min_net_revenue: string;
  min_active: number;
  rate: string;
}
interface PlanForm {
  name: string;
  fee_share: string;
  tiers: TierForm[];
}

const EMPTY: PlanForm = { name: '', fee_share: '0', tiers: [{ min_net_revenue: '0', min_active: 1, rate: '20' }] };

export const tiersText = (plan: Pick<Plan, 'tiers'>) =>
  plan.tiers.map((t, i) => `第${i + 1}档 净盈利≥${formatMoney(t.min_net_revenue)} 活跃≥${t.min_active} ${t.rate}%`);

/**
 * 佣金方案: tiers by the month's net revenue with a minimum of active members, and the share of payment fees. A new
 * plan, or a change of its fee share or tiers, waits for a second admin; a tier pays at most 60%.
 */
export default function PlansPage() {
  const plans = usePlans();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PlanForm>();

  const open = (plan: Plan | 'new') => {
    setEditing(plan);
    form.setFieldsValue(
      plan === 'new' ? EMPTY : { name: plan.name, fee_share: plan.fee_share, tiers: plan.tiers.map((t) => ({ ...t })) },
    );
  };

  const save = async (values: PlanForm) => {
    setSaving(true);
    try {
      const input: PlanInput = {
        ...values,
        tiers: values.tiers.map((t) => ({ ...t, min_active: Number(t.min_active) })),
      };
      const answer = editing === 'new' ? await createPlan(input) : editing ? await updatePlan(editing.id, input) : null;
      // The fee share and tiers wait for a second admin (待审批变更); a name alone is saved at once.
      void message.success(answer?.message === MSG.integrationChangePending ? answer.message : '已保存');
      setEditing(null);
      await Promise.all(afterPartnerChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Plan> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '方案名称', dataIndex: 'name' },
    { title: '支付手续费分摊(%)', dataIndex: 'fee_share', width: 160 },
    {
      title: '佣金档位',
      render: (_v, plan) => (
        <Space orientation="vertical" size={0}>
          {tiersText(plan).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Space>
      ),
    },
    { title: '代理数', dataIndex: 'partners', width: 90 },
    {
      title: '变更',
      dataIndex: 'pending_change',
      width: 90,
      render: (v: boolean) => (v ? <StatusTag tone="warning">待审批</StatusTag> : '-'),
    },
    {
      title: '操作',
      width: 90,
      render: (_v, plan) => (
        <Button size="small" onClick={() => open(plan)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => open('new')}>
            新增方案
          </Button>
        }
      >
        佣金方案
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        新增方案及修改支付手续费分摊与佣金档位须另一位管理员在「待审批变更」中通过后生效；每档佣金比例最高60%。方案名称立即生效。
      </div>
      <Table<Plan>
        aria-label="佣金方案列表"
        rowKey="id"
        columns={columns}
        dataSource={plans.data ?? []}
        loading={plans.isPending}
        pagination={false}
        locale={emptyLocale('还没有佣金方案，请新增')}
      />
      <Modal
        title={editing === 'new' ? '新增佣金方案' : '编辑佣金方案'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        width={720}
        destroyOnHidden
      >
        <Form<PlanForm> form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={EMPTY}>
          <Form.Item label="方案名称" name="name" rules={[{ required: true, message: '请输入名称' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item label="支付手续费分摊(%)" name="fee_share" extra="按下级存款与提款金额之和计入代理成本">
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item label={`第${i + 1}档 净盈利门槛`} name={[field.name, 'min_net_revenue']}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                    <Form.Item label="最低活跃会员" name={[field.name, 'min_active']}>
                      <InputNumber min={0} precision={0} />
                    </Form.Item>
                    <Form.Item label="佣金比例(%)" name={[field.name, 'rate']} extra="0-60">
                      <Input inputMode="decimal" />
                    </Form.Item>
                    {fields.length > 1 ? (
                      <Button danger size="small" onClick={() => remove(field.name)}>
                        删除此档
                      </Button>
                    ) : null}
                  </Space>
                ))}
                <Button onClick={() => add({ min_net_revenue: '', min_active: 1, rate: '' })}>增加一档</Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </>
  );
}
