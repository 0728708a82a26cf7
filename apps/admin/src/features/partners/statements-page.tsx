import { type adminEndpoints, statementColumns } from '@h5/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { usePagedList } from '../../shared/table/use-paged-list';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { ListTable } from '../../shared/ui/list-table';
import { type DetailFacts, DetailDrawer } from '../../shared/ui/detail-drawer';
import { FilterBar, SearchFilter, StateFilter } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag } from '../../shared/ui/status-tag';
import { afterPartnerChange, downloadStatements, fetchStatements, payStatement, settleMonth } from './api';

type Row = RowOf<typeof adminEndpoints.partnerStatements>;

const STATE_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: '1', label: '待审核' },
  { value: '2', label: '已派发' },
];

/** The Beijing month before this one, the month the settlement usually covers. */
const lastMonth = () =>
  dayjs().add(8, 'hour').subtract(dayjs().utcOffset(), 'minute').subtract(1, 'month').format('YYYY-MM');

const money = (v: string) => formatMoney(v);

/** Every figure of a statement, under the download's headers, as its 明细 lists them. */
const details = (row: Row): DetailFacts =>
  statementColumns
    .filter(([key]) => !['id', 'state', 'paid_by', 'paid_at'].includes(key))
    .map(([key, title]) => {
      const value = row[key];
      if (key === 'tier') return [title, row.tier ? `第${row.tier}档` : '-'] as const;
      return [title, typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? money(value) : String(value)] as const;
    });

/** 代理结算: the monthly statements; finance reviews one and pays it (the commission reaches the partner's wallet once). */
export default function StatementsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirmAction();
  const [settling, setSettling] = useState(false);
  const [shown, setShown] = useState<Row | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'partnerStatements',
    defaults: { month: '', state: 'all', username: '' },
    fetchPage: fetchStatements,
    emptyText: '暂无结算单',
  });

  const settle = async (values: { month: string; early?: boolean }) => {
    setSettling(true);
    try {
      const result = await settleMonth(values.month.trim(), values.early === true);
      void message.success(`已生成 ${result.created} 张结算单`);
      setFilters({ month: values.month.trim() });
    } catch {
      // shown by the client
    } finally {
      setSettling(false);
      await Promise.all(afterPartnerChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatements(filters);
    } catch {
      // shown by the client
    } finally {
      setDownloading(false);
    }
  };

  const pay = (row: Row) =>
    confirm({
      title: `派发 ${row.username} ${row.month} 的佣金？`,
      content: `佣金 ${money(row.commission)} 元将计入代理的中心钱包，每张结算单只派发一次。`,
      okText: '派发',
      action: () => payStatement(row.id),
      invalidate: afterPartnerChange,
      success: (r) => r.message,
    });

  const columns: TableColumnsType<Row> = [
    {
      title: '单号',
      dataIndex: 'id',
      width: 70,
      render: (id: number, row) => (
        <Button
          type="link"
          size="small"
          className="console-cell-link"
          aria-label={`结算单 ${id} 明细`}
          onClick={() => setShown(row)}
        >
          {id}
        </Button>
      ),
    },
    { title: '月份', dataIndex: 'month', width: 90 },
    { title: '代理', dataIndex: 'username' },
    { title: '活跃会员', dataIndex: 'active_members', width: 90, align: 'right' },
    // What the commission is worked out from; the figures behind the net revenue are in the statement's 明细.
    ...(['net_revenue', 'commission_base'] as const).map((key) => ({
      title: statementColumns.find(([k]) => k === key)?.[1],
      dataIndex: key,
      width: 110,
      align: 'right' as const,
      render: money,
    })),
    { title: '档位', dataIndex: 'tier', width: 70, render: (v: number) => (v ? `第${v}档` : '-') },
    { title: '比例', dataIndex: 'rate', width: 80, render: (v: string) => `${v}%` },
    { title: '佣金', dataIndex: 'commission', width: 110, align: 'right', render: money },
    {
      title: '状态',
      dataIndex: 'state',
      width: 150,
      fixed: 'right',
      render: (v: number, row) =>
        v === 2 ? (
          <Space orientation="vertical" size={0}>
            <StatusTag tone="success">已派发</StatusTag>
            <span>{`${row.paid_by} ${row.paid_at ?? ''}`}</span>
          </Space>
        ) : (
          <Space>
            <StatusTag tone="warning">待审核</StatusTag>
            <Button type="primary" size="small" onClick={() => pay(row)}>
              派发
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          <Button onClick={() => void download()} loading={downloading}>
            导出CSV
          </Button>
        }
      >
        代理结算
      </PageTitle>
      <section aria-label="月结" style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          initialValues={{ month: lastMonth(), early: false }}
          onFinish={(v: { month: string; early?: boolean }) => void settle(v)}
        >
          <Form.Item label="结算月份" name="month" rules={[{ required: true, message: '请输入月份' }]}>
            <Input placeholder="YYYY-MM" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="early" valuePropName="checked">
            <Checkbox>提前结算本月（仅演示环境）</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={settling}>
            生成结算单
          </Button>
        </Form>
      </section>
      <FilterBar>
        <SearchFilter
          id="statement-month"
          label="月份"
          placeholder="YYYY-MM"
          value={filters.month}
          onSearch={(month) => setFilters({ month: month.trim() })}
          width={160}
        />
        <StateFilter id="statement-state" value={filters.state} options={STATE_OPTIONS} onChange={setFilters} />
        <SearchFilter
          id="statement-username"
          label="代理账号"
          value={filters.username}
          onSearch={(username) => setFilters({ username: username.trim() })}
          width={180}
        />
      </FilterBar>
      <ListTable<Row> label="代理结算单" columns={columns} width={1000} {...tableProps} />
      <DetailDrawer
        title={shown ? `结算单 ${shown.id}：${shown.username} ${shown.month}` : '结算单'}
        facts={shown && details(shown)}
        onClose={() => setShown(null)}
      />
    </>
  );
}
