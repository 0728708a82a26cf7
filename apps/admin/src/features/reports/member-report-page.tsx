import { adminEndpoints, memberReportColumns } from '@h5/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { downloadAdmin, type RowOf } from '../../shared/api/client';
import { usePagedList } from '../../shared/table/use-paged-list';
import { DataTable } from '../../shared/ui/data-table';
import { PageTitle } from '../../shared/ui/page-title';
import { fetchMemberReport } from './api';
import { lastSevenDays, ReportRange } from './report-range';
import { ExportButton, figure, reportColumns } from './report-table';
import { DetailDrawer } from '../../shared/ui/detail-drawer';

type Row = RowOf<typeof adminEndpoints.reportMembers>;

/** The figures the table shows; the rest of each member's (counts, 有效投注, 返水 ...) are in the member's 明细. */
const SHOWN: readonly (keyof Row & string)[] = [
  'username',
  'deposits_amount',
  'withdrawals_amount',
  'stake',
  'payout',
  'ggr',
  'balance',
];

const tableColumns = (open: (row: Row) => void) => [
  ...reportColumns<Row>(
    memberReportColumns.filter(([key]) => SHOWN.includes(key)),
    ['username'],
    {
      username: (value, row) => (
        <>
          <Link to={`/members/${row.member_id}`}>{String(value)}</Link>
          <span className="console-cell-sub">{`ID ${row.member_id}`}</span>
        </>
      ),
    },
  ),
  {
    key: 'details',
    title: '明细',
    fixed: 'right' as const,
    width: 80,
    render: (_v: unknown, row: Row) => (
      <Button size="small" aria-label={`明细 ${row.username}`} onClick={() => open(row)}>
        明细
      </Button>
    ),
  },
];

/** 会员报表: every member with a counted movement or settled bet in the range, paged, by part of the username. */
export default function MemberReportPage() {
  const { filters, setFilters, query, tableProps } = usePagedList({
    name: 'reportMembers',
    defaults: { ...lastSevenDays(), username: '' },
    fetchPage: fetchMemberReport,
    emptyText: (f) => (f.username ? `该时间段内没有账号含“${f.username}”的会员有记录` : '该时间段内没有会员有记录'),
  });
  const [form] = Form.useForm<{ username: string }>();
  const [shown, setShown] = useState<Row | null>(null);
  useEffect(() => form.setFieldsValue({ username: filters.username }), [form, filters.username]);
  const range = { from: filters.from, to: filters.to };
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            download={() =>
              downloadAdmin(adminEndpoints.reportMembers, `会员报表_${filters.from}_${filters.to}.csv`, {
                input: { ...filters, format: 'csv' },
              })
            }
          />
        }
      >
        会员报表
      </PageTitle>
      <Form
        form={form}
        layout="inline"
        className="console-filters"
        initialValues={{ username: filters.username }}
        onFinish={(v) => setFilters({ username: (v.username ?? '').trim() })}
      >
        <ReportRange value={range} onChange={setFilters} />
        <Form.Item name="username" label="会员账号">
          <Input allowClear maxLength={32} style={{ width: 160 }} placeholder="账号的任意部分" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        </Form.Item>
      </Form>
      {query.error && <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 16 }} />}
      <DataTable<Row>
        label="会员报表"
        className="report-table"
        rowKey="member_id"
        size="small"
        columns={tableColumns(setShown)}
        scroll={{ x: 'max-content' }}
        {...tableProps}
        dataSource={query.isError ? [] : tableProps.dataSource}
      />
      <DetailDrawer
        title={shown ? `会员报表：${shown.username}` : '会员报表'}
        facts={
          shown &&
          memberReportColumns.map(
            ([key, header]) =>
              [header, key === 'username' || key === 'member_id' ? String(shown[key]) : figure(shown[key])] as const,
          )
        }
        onClose={() => setShown(null)}
      />
      <Typography.Paragraph type="secondary" className="report-notes">
        列出区间内（北京时间）有存款、提款、已结算注单、返水、优惠红包或人工调整的会员，金额单位为元；优惠红包含存款优惠与红包；当前余额为此刻的中心钱包与各场馆钱包之和，不是区间末的余额。导出
        CSV 包含全部会员，不只是本页。
      </Typography.Paragraph>
    </>
  );
}
