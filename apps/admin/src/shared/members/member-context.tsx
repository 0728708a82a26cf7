import { RG_LIMIT_LABELS, type SupportMemberContext } from '@h5/contract';
import { Descriptions, Empty, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PageLoading } from '../ui/page-loading';
import { ShortTable } from '../ui/short-table';
import { StatusTag, type Tone } from '../ui/status-tag';

/** 2026-05-01 09:01:00 as 05-01 09:01: the year is plain from the rows around it. */
const short = (at: string) => at.slice(5, 16);

const toneOf = (label: string): Tone =>
  /到账|成功|出款|通过/.test(label) ? 'success' : /拒绝|失败|过期/.test(label) ? 'danger' : 'warning';

interface MoneyLine {
  id: number;
  what: string;
  amount: string;
  state_label: string;
  created_at: string;
}

const columns: ColumnsType<MoneyLine> = [
  {
    title: '金额',
    dataIndex: 'amount',
    render: (amount: string, row) => (
      <span>
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{amount}</span>
        {row.what ? <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{row.what}</div> : null}
      </span>
    ),
  },
  {
    title: '状态',
    dataIndex: 'state_label',
    render: (label: string) => <StatusTag tone={toneOf(label)}>{label}</StatusTag>,
  },
  { title: '时间', dataIndex: 'created_at', render: short },
];

function MoneyTable({ title, rows, empty }: { title: string; rows: MoneyLine[]; empty: string }) {
  return (
    <section aria-label={title} style={{ marginTop: 12 }}>
      <Typography.Title level={3} style={{ fontSize: 14, margin: '0 0 4px' }}>
        {title}
      </Typography.Title>
      <ShortTable<MoneyLine> rowKey="id" columns={columns} dataSource={rows} empty={empty} />
    </section>
  );
}

const BREAK_LABEL = { cooloff: '冷静期', exclusion: '自我排除' } as const;

/**
 * The member beside the chat (docs/operators.md "The support desk"): who they are, their money, flags and limits.
 * 工单 shows the same beside a ticket (docs/operators.md "Tickets").
 */
export function MemberContextPanel({ member }: { member: SupportMemberContext | null }) {
  if (!member) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="访客会话，没有会员资料" />;
  const rg = member.responsible;
  const limits = Object.entries(rg.limits).filter(([, l]) => l.value !== null || l.pending);
  return (
    <div>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'username', label: '会员', children: member.username },
          { key: 'vip', label: 'VIP等级', children: `VIP${member.vip}` },
          { key: 'balance', label: '中心钱包', children: `${member.balance} 元` },
          { key: 'registered', label: '注册时间', children: member.registered_at },
          {
            key: 'risk',
            label: '风控标记',
            children: member.risk_flags.length ? (
              <Space orientation="vertical" size={2}>
                {member.risk_flags.map((f) => (
                  <StatusTag key={`${f.kind}-${f.created_at}`} tone="danger">
                    {f.label}
                  </StatusTag>
                ))}
              </Space>
            ) : (
              '无'
            ),
          },
          {
            key: 'rg',
            label: '理性娱乐',
            children: (
              <Space orientation="vertical" size={2}>
                {rg.break ? (
                  <StatusTag tone="warning">
                    {`${BREAK_LABEL[rg.break.kind]}${rg.break.until ? `至 ${rg.break.until}` : '（永久）'}`}
                  </StatusTag>
                ) : null}
                {limits.map(([kind, l]) => (
                  <span key={kind}>
                    {`${RG_LIMIT_LABELS[kind as keyof typeof RG_LIMIT_LABELS] ?? kind}：${l.value ?? '无'}`}
                    {l.pending ? `（${l.pending.effective_at} 起 ${l.pending.value ?? '无'}）` : ''}
                  </span>
                ))}
                {!rg.break && !limits.length ? '未设置限额' : null}
              </Space>
            ),
          },
        ]}
      />
      <MoneyTable title="最近存款" empty="暂无存款" rows={member.deposits.map((d) => ({ ...d, what: d.deposit_no }))} />
      <MoneyTable
        title="最近提款"
        empty="暂无提款"
        rows={member.withdrawals.map((w) => ({ ...w, what: w.order_no }))}
      />
      <MoneyTable
        title="最近转账"
        empty="暂无场馆转账"
        rows={member.transfers.map((t) => ({
          ...t,
          what: t.direction === 'in' ? `转入 ${t.venue_name}` : `${t.venue_name} 转出`,
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {member.earlier.length ? `此前会话 ${member.earlier.length} 次` : '首次咨询'}
      </Typography.Paragraph>
    </div>
  );
}

/** The member beside a desk's open item, read with the item: a wait until it has come, nothing if it did not come. */
export function LoadedMemberContext({
  item,
}: {
  item: { isPending: boolean; data?: { member: SupportMemberContext | null } };
}) {
  if (item.isPending) return <PageLoading label="正在加载会员资料…" />;
  if (!item.data) return null;
  return <MemberContextPanel member={item.data.member} />;
}
