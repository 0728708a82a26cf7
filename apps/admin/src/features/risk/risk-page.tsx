import { type adminEndpoints, RISK_FLAG_LABELS } from '@h5/contract';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import type { RowOf } from '../../shared/api/client';
import { usePagedList } from '../../shared/table/use-paged-list';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { ListTable } from '../../shared/ui/list-table';
import { StateFilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag } from '../../shared/ui/status-tag';
import { useMe } from '../../shared/session/use-me';
import { afterDecision, clearFlag, fetchRiskFlags, freezeMember } from './api';

type Row = RowOf<typeof adminEndpoints.riskFlags>;

const STATE_OPTIONS = [
  { value: 'open', label: '待处理' },
  { value: 'all', label: '全部' },
];

function FlagState({ state }: { state: number }) {
  if (state === 0) return <StatusTag tone="warning">待处理</StatusTag>;
  if (state === 1) return <StatusTag tone="success">已解除</StatusTag>;
  return <StatusTag tone="danger">已冻结</StatusTag>;
}

/**
 * 风控: flags raised as members register, bind cards, claim and withdraw. Each linked member shows the evidence of
 * their own link; an admin freezes them one at a time (a stranger's address can pull an innocent member in), and
 * finance clears the flag.
 */
export default function RiskPage() {
  const me = useMe();
  const confirm = useConfirmAction();
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'riskFlags',
    defaults: { state: 'open' },
    fetchPage: (f, p, signal) => fetchRiskFlags(f.state, p, signal),
    emptyText: (f) => (f.state === 'open' ? '暂无待处理的风险标记' : '暂无风险标记'),
  });
  const canFreeze = me.data?.role === 'admin';

  const freeze = (row: Row, m: Row['members'][number]) =>
    confirm({
      title: `冻结会员 ${m.username}？`,
      content: `冻结后该会员立即下线且无法登录。关联依据：${m.evidence || RISK_FLAG_LABELS[row.kind]}${m.linked_at ? `（${m.linked_at}）` : ''}`,
      okText: '冻结',
      danger: true,
      action: () => freezeMember(row.id, m.id),
      invalidate: afterDecision,
      success: '已冻结该会员',
    });

  const columns: TableColumnsType<Row> = [
    {
      title: '类型 / 发现时间',
      dataIndex: 'kind',
      width: 170,
      render: (k: Row['kind'], row) => (
        <>
          {RISK_FLAG_LABELS[k]}
          <span className="console-cell-sub">{row.created_at}</span>
        </>
      ),
    },
    // Both in full, wrapping within their width: an address or an order number is evidence only whole.
    { title: '关联依据', dataIndex: 'subject', width: 150 },
    { title: '说明', dataIndex: 'detail', width: 230 },
    {
      title: '关联会员',
      dataIndex: 'members',
      render: (members: Row['members'], row) => (
        <Space orientation="vertical" size={4}>
          {members.map((m) => (
            <div key={m.id}>
              <Space size={8} wrap>
                <Link to={`/members/${m.id}`}>
                  {m.username}
                  {m.state === 0 ? '（已停用）' : ''}
                </Link>
                {canFreeze && row.state === 0 && m.state !== 0 ? (
                  <Button danger size="small" aria-label={`冻结 ${m.username}`} onClick={() => freeze(row, m)}>
                    冻结
                  </Button>
                ) : null}
              </Space>
              <Typography.Text type="secondary" className="console-cell-sub">
                {m.evidence}
                {m.linked_at ? ` · ${m.linked_at}` : ''}
              </Typography.Text>
            </div>
          ))}
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => <FlagState state={s} /> },
    {
      title: '处理',
      width: 110,
      fixed: 'right',
      render: (_v, row) =>
        row.state !== 0 ? (
          <>
            {row.handled_by}
            <span className="console-cell-sub">{row.handled_at ?? ''}</span>
          </>
        ) : (
          <Space>
            <Button
              size="small"
              onClick={() =>
                confirm({
                  title: '解除该风险标记？',
                  content: `${RISK_FLAG_LABELS[row.kind]}：${row.subject}`,
                  action: () => clearFlag(row.id),
                  invalidate: afterDecision,
                  success: '已解除该风险标记',
                })
              }
            >
              解除
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageTitle>风控</PageTitle>
      <StateFilterBar id="risk-state" value={filters.state} options={STATE_OPTIONS} onChange={setFilters} />
      <ListTable<Row> label="风险标记列表" columns={columns} width={1000} {...tableProps} />
    </>
  );
}
