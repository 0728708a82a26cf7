import { adminEndpoints, MEMBER_LINK_LABELS, type MemberLinks } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { callAdmin } from '../api/client';
import { formatMoney } from '../format';
import { useCan } from '../session/use-can';
import { useConfirmAction } from '../ui/confirm-action';
import { ShortTable } from '../ui/short-table';
import { StatusTag } from '../ui/status-tag';

const e = adminEndpoints;
type Linked = MemberLinks['linked'][number];

export const memberLinksKey = (id: number) => ['memberLinks', id] as const;

const fetchLinks = (id: number, signal: AbortSignal) => callAdmin(e.memberLinks, { params: { id }, signal });
const freezeCall = (id: number) => callAdmin(e.memberState, { params: { id }, input: { state: 0 } });

const netStyle = (net: string) => ({ color: net.startsWith('-') ? '#c0262d' : undefined });

function State({ state }: { state: number }) {
  return state === 0 ? <StatusTag tone="danger">已冻结</StatusTag> : <StatusTag tone="success">正常</StatusTag>;
}

function Evidence({ links }: { links: Linked['links'] }) {
  return (
    <Space orientation="vertical" size={2}>
      {links.map((l) => (
        <span key={`${l.kind}:${l.value}`}>
          <StatusTag tone="warning">{MEMBER_LINK_LABELS[l.kind]}</StatusTag>{' '}
          <span style={{ fontFamily: 'monospace' }}>{l.value}</span>
          {l.seen_at ? <Typography.Text type="secondary">{` · ${l.seen_at}`}</Typography.Text> : null}
        </span>
      ))}
    </Space>
  );
}

/**
 * 关联账户: the members sharing an IP, a device, a bank card or a USDT address with one member, each with the evidence
 * and their deposits, withdrawals and net result, the member under review and the group's total below. An admin
 * freezes one linked member at a time (the member page's 禁用), after a confirmation.
 */
export function LinkedAccounts({ memberId }: { memberId: number }) {
  const links = useQuery({ queryKey: memberLinksKey(memberId), queryFn: ({ signal }) => fetchLinks(memberId, signal) });
  const confirm = useConfirmAction();
  const canFreeze = useCan(e.memberState);
  // Frozen here: shown at once, whatever the list's refresh brings.
  const [frozen, setFrozen] = useState<ReadonlySet<number>>(new Set());
  const data = links.data;

  const freeze = (m: Linked) =>
    confirm({
      title: `冻结会员 ${m.username}？`,
      content: `冻结后该会员立即下线且无法登录。关联依据：${m.links.map((l) => `${MEMBER_LINK_LABELS[l.kind]} ${l.value}`).join('；')}`,
      okText: '冻结',
      danger: true,
      action: () => freezeCall(m.id),
      invalidate: [memberLinksKey(memberId), ['member', m.id], ['members']],
      success: `已冻结会员 ${m.username}`,
      onDone: () => setFrozen((before) => new Set(before).add(m.id)),
    });

  const columns: TableColumnsType<Linked> = [
    {
      title: '会员',
      dataIndex: 'username',
      width: 140,
      render: (name: string, m) => <Link to={`/members/${m.id}`}>{name}</Link>,
    },
    { title: '关联方式', dataIndex: 'links', render: (l: Linked['links']) => <Evidence links={l} /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: number, m) => <State state={frozen.has(m.id) ? 0 : s} />,
    },
    { title: '存款', dataIndex: 'deposits', align: 'right', width: 120, render: formatMoney },
    { title: '提款', dataIndex: 'withdrawals', align: 'right', width: 120, render: formatMoney },
    {
      title: '净输赢',
      dataIndex: 'net',
      align: 'right',
      width: 120,
      render: (v: string) => <span style={netStyle(v)}>{formatMoney(v)}</span>,
    },
    ...(canFreeze
      ? [
          {
            title: '操作',
            width: 90,
            render: (_v: unknown, m: Linked) =>
              m.state === 0 || frozen.has(m.id) ? null : (
                <Button danger size="small" aria-label={`冻结 ${m.username}`} onClick={() => freeze(m)}>
                  冻结
                </Button>
              ),
          },
        ]
      : []),
  ];

  const figures = (row: { deposits: string; withdrawals: string; net: string }, from: number) => [
    <Table.Summary.Cell key="d" index={from} align="right">
      {formatMoney(row.deposits)}
    </Table.Summary.Cell>,
    <Table.Summary.Cell key="w" index={from + 1} align="right">
      {formatMoney(row.withdrawals)}
    </Table.Summary.Cell>,
    <Table.Summary.Cell key="n" index={from + 2} align="right">
      <span style={netStyle(row.net)}>{formatMoney(row.net)}</span>
    </Table.Summary.Cell>,
    ...(canFreeze ? [<Table.Summary.Cell key="a" index={from + 3} />] : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {data && data.common.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="以下依据被超过50个会员共用，不单独计为关联"
          description={data.common.map((c) => `${MEMBER_LINK_LABELS[c.kind]} ${c.value}`).join('；')}
        />
      ) : null}
      <ShortTable<Linked>
        aria-label="关联账户"
        rowKey="id"
        loading={links.isPending}
        dataSource={data?.linked ?? []}
        columns={columns}
        empty={links.isPending ? '加载中…' : links.isError ? '关联账户加载失败' : '无关联账户'}
        scroll={{ x: 900 }}
        summary={() =>
          data ? (
            <Table.Summary>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{`本会员 ${data.member.username}`}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} />
                <Table.Summary.Cell index={2}>
                  <State state={data.member.state} />
                </Table.Summary.Cell>
                {figures(data.member, 3)}
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{`合计（${data.total.members}人）`}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} />
                <Table.Summary.Cell index={2} />
                {figures(data.total, 3)}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      {data && data.linked.length === 0 ? (
        // The table shows no total rows without members: the member's own figures stand on their own.
        <Typography.Text type="secondary">
          {`本会员 ${data.member.username}：存款 ${formatMoney(data.member.deposits)}，提款 ${formatMoney(data.member.withdrawals)}，净输赢 ${formatMoney(data.member.net)}`}
        </Typography.Text>
      ) : null}
      {data && data.more > 0 ? (
        <Typography.Text type="secondary">{`另有 ${data.more} 个关联会员未列出（按关联依据多少排序，列出前 ${data.linked.length} 个）`}</Typography.Text>
      ) : null}
    </Space>
  );
}

/** The 关联账户 drawer of a list row (提款审核): the table above for one member. */
export function LinkedAccountsDrawer({
  member,
  onClose,
}: {
  member: { id: number; username: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={member !== null}
      onClose={onClose}
      title={member ? `关联账户：${member.username}` : '关联账户'}
      size={1000}
      destroyOnHidden
    >
      {member ? <LinkedAccounts memberId={member.id} /> : null}
    </Drawer>
  );
}
