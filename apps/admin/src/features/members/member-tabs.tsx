import { adminEndpoints } from '@h5/contract';
import { movementTypeName } from '@h5/contract/movement-types';
import { StatusTag } from '../../shared/ui/status-tag';
import { Tabs, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { payWayLabel, ReviewStateTag } from '../../shared/labels';
import { DataTable } from '../../shared/ui/data-table';
import { LinkedAccounts } from '../../shared/members/linked-accounts';
import { useCan } from '../../shared/session/use-can';
import { type PageRequest, usePagedTable } from '../../shared/table/use-paged-table';
import { fetchMemberTab, type MemberTab, memberTabs } from './api';

const signed = (amount: string) => (
  <span style={{ color: amount.startsWith('-') ? '#c0262d' : '#2f7a1f' }}>
    {amount.startsWith('-') ? formatMoney(amount) : `+${formatMoney(amount)}`}
  </span>
);

const ledgerColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberLedger>> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  // The contract's name of the movement kind (remote_transfer_out: 转出场馆), never the code.
  { title: '类型', dataIndex: 'kind', render: (kind: string) => movementTypeName(kind) },
  // The venue's name (星河真人), never its code.
  { title: '账户', render: (_v, r) => (r.account_kind === 'venue' ? `场馆 ${r.venue_name}` : '中心钱包') },
  { title: '金额', dataIndex: 'amount', align: 'right', render: signed },
  { title: '备注', dataIndex: 'memo', render: (v: string) => v || '-' },
  // The movement's number (what 交易记录 shows a member for a transfer) and its reference, whole and copyable: what
  // 核对单个会员 names and a dispute quotes.
  { title: '流水', dataIndex: 'transaction_id', render: (id: number) => `#${id}` },
  {
    title: '流水号',
    dataIndex: 'reference',
    render: (reference: string) => <Typography.Text copyable>{reference}</Typography.Text>,
  },
];
const depositColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberDeposits>> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  { title: '订单号', dataIndex: 'deposit_no' },
  { title: '方式', dataIndex: 'pay_way', render: payWayLabel },
  { title: '金额', dataIndex: 'amount', align: 'right', render: formatMoney },
  { title: '状态', dataIndex: 'state', render: (v: number) => <ReviewStateTag state={v} /> },
  { title: '审核人', dataIndex: 'reviewed_by', render: (v: string) => v || '-' },
];
const withdrawalColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberWithdrawals>> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  { title: '订单号', dataIndex: 'order_no' },
  { title: '收款账户', render: (_v, r) => `${r.bank} ${r.bank_no_masked}` },
  { title: '金额', dataIndex: 'amount', align: 'right', render: formatMoney },
  { title: '状态', dataIndex: 'state', render: (v: number) => <ReviewStateTag state={v} /> },
  { title: '审核人', render: (_v, r) => [r.first_reviewed_by, r.reviewed_by].filter(Boolean).join(' / ') || '-' },
];
const transferColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberTransfers>> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  {
    title: '方向',
    dataIndex: 'kind',
    render: (v: string) => (v === 'transfer_in' ? '中心钱包 → 场馆' : '场馆 → 中心钱包'),
  },
  { title: '场馆', dataIndex: 'venue_name' },
  { title: '金额', dataIndex: 'amount', align: 'right', render: formatMoney },
  { title: '流水号', dataIndex: 'reference', ellipsis: true },
];
// docs/wire-rules.md "Bets": 0 invalid, 1 settled, 2 unsettled.
const BET_STATUS: Record<number, string> = { 0: '无效', 1: '已结算', 2: '未结算' };
const betColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberBets>> = [
  { title: '下注时间', dataIndex: 'created_at', width: 170 },
  { title: '注单号', dataIndex: 'bet_id', ellipsis: true },
  { title: '场馆', dataIndex: 'venue_name' },
  { title: '游戏', dataIndex: 'game_code' },
  { title: '投注额', dataIndex: 'bet_amount', align: 'right', render: formatMoney },
  { title: '有效投注', dataIndex: 'valid_amount', align: 'right', render: formatMoney },
  { title: '输赢', dataIndex: 'win_loss', align: 'right', render: signed },
  {
    title: '状态',
    dataIndex: 'status',
    render: (v: number) => <StatusTag tone="neutral">{BET_STATUS[v] ?? v}</StatusTag>,
  },
];
const loginColumns: TableColumnsType<RowOf<typeof adminEndpoints.memberLogins>> = [
  { title: '登录时间', dataIndex: 'created_at', width: 170 },
  { title: 'IP', dataIndex: 'ip' },
  { title: '设备', dataIndex: 'device', ellipsis: true, render: (v: string) => v || '-' },
];

const TABS: { key: MemberTab; label: string; empty: string; columns: TableColumnsType<never> }[] = [
  { key: 'ledger', label: '账变记录', empty: '暂无账变记录', columns: ledgerColumns as TableColumnsType<never> },
  { key: 'deposits', label: '存款记录', empty: '暂无存款记录', columns: depositColumns as TableColumnsType<never> },
  {
    key: 'withdrawals',
    label: '提款记录',
    empty: '暂无提款记录',
    columns: withdrawalColumns as TableColumnsType<never>,
  },
  { key: 'transfers', label: '转账记录', empty: '暂无转账记录', columns: transferColumns as TableColumnsType<never> },
  { key: 'bets', label: '投注记录', empty: '暂无投注记录', columns: betColumns as TableColumnsType<never> },
  { key: 'logins', label: '登录记录', empty: '暂无登录记录', columns: loginColumns as TableColumnsType<never> },
];

function TabTable({ memberId, tab }: { memberId: number; tab: (typeof TABS)[number] }) {
  const [page, setPage] = useState<PageRequest>({ page: 1, pagesize: 10 });
  const { tableProps } = usePagedTable({
    queryKey: ['memberTab', memberId, tab.key],
    fetchPage: (p, signal) => fetchMemberTab(tab.key, memberId, p, signal),
    page,
    onPage: setPage,
    emptyText: tab.empty,
  });
  return (
    <DataTable
      label={tab.label}
      rowKey="id"
      columns={tab.columns}
      size="small"
      scroll={{ x: 800 }}
      {...(tableProps as object)}
    />
  );
}

/** The member's records, one tab per kind, and the linked accounts, each only for roles that may read it. */
export function MemberTabs({ memberId }: { memberId: number }) {
  const allowed = {
    ledger: useCan(memberTabs.ledger),
    deposits: useCan(memberTabs.deposits),
    withdrawals: useCan(memberTabs.withdrawals),
    transfers: useCan(memberTabs.transfers),
    bets: useCan(memberTabs.bets),
    logins: useCan(memberTabs.logins),
  };
  const canLinks = useCan(adminEndpoints.memberLinks);
  const items = TABS.filter((t) => allowed[t.key]).map((tab) => ({
    key: tab.key as string,
    label: tab.label,
    children: <TabTable memberId={memberId} tab={tab} />,
  }));
  if (canLinks) items.push({ key: 'links', label: '关联账户', children: <LinkedAccounts memberId={memberId} /> });
  return <Tabs items={items} destroyOnHidden />;
}
