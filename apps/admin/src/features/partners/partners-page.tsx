import type { adminEndpoints } from '@h5/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { usePagedList } from '../../shared/table/use-paged-list';
import { memberColumn } from '../../shared/table/columns';
import { ListTable } from '../../shared/ui/list-table';
import { FilterBar, SearchFilter } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { afterPartnerChange, fetchPartners, moveMember, setPartnerPlan, usePlans } from './api';

type Row = RowOf<typeof adminEndpoints.partners>;

/** 代理管理: the partners (approved applications), their plan and downline size, and moving a member between them. */
export default function PartnersPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'partners',
    defaults: { username: '' },
    fetchPage: fetchPartners,
    emptyText: '暂无代理（代理申请通过后出现在这里）',
  });
  const [busy, setBusy] = useState<number | 'move' | null>(null);
  const refresh = () => Promise.all(afterPartnerChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const choosePlan = async (row: Row, planId: number | null) => {
    setBusy(row.member_id);
    try {
      await setPartnerPlan(row.member_id, planId);
      void message.success('佣金方案已设置');
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const move = async (values: { member_id: number; inviter_id?: number | null }) => {
    setBusy('move');
    try {
      await moveMember(values.member_id, values.inviter_id ?? null);
      void message.success('会员已转移');
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: '会员ID', dataIndex: 'member_id', width: 90 },
    memberColumn<Row>('代理账号'),
    { title: '下级人数', dataIndex: 'downline', width: 100 },
    {
      title: '佣金方案',
      width: 260,
      render: (_v, row) => (
        <Select
          aria-label={`${row.username}的佣金方案`}
          value={row.plan_id ?? undefined}
          placeholder="未设置"
          allowClear
          loading={busy === row.member_id}
          style={{ width: 220 }}
          options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(value: number | undefined) => void choosePlan(row, value ?? null)}
        />
      ),
    },
  ];

  return (
    <>
      <PageTitle>代理管理</PageTitle>
      <FilterBar>
        <SearchFilter
          id="partner-username"
          label="账号"
          value={filters.username}
          onSearch={(username) => setFilters({ username })}
          width={220}
        />
      </FilterBar>
      <ListTable<Row> label="代理列表" rowKey="member_id" columns={columns} {...tableProps} />
      <section aria-label="转移会员" style={{ marginTop: 24 }}>
        <h2 style={{ fontSize: 16 }}>转移会员</h2>
        <Form layout="inline" onFinish={(v: { member_id: number; inviter_id?: number | null }) => void move(v)}>
          <Form.Item label="会员ID" name="member_id" rules={[{ required: true, message: '请输入会员ID' }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item label="新上级代理ID" name="inviter_id" extra="留空：不属于任何代理">
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy === 'move'}>
              转移
            </Button>
          </Space>
        </Form>
      </section>
    </>
  );
}
