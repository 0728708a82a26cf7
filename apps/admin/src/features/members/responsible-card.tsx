import {
  adminEndpoints,
  RG_BREAKS,
  RG_LIMIT_KINDS,
  RG_LIMIT_LABELS,
  type RgBreakPeriod,
  type RgLimitKind,
} from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, List, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import { useCan } from '../../shared/session/use-can';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { emptyLocale } from '../../shared/ui/empty';
import { PageLoading } from '../../shared/ui/page-loading';

const e = adminEndpoints;
const key = (id: number) => ['memberResponsible', id] as const;
const shown = (kind: RgLimitKind, v: string | null) =>
  v === null ? '不限' : kind === 'session_minutes' ? `${v} 分钟` : `${v} 元`;

/** A labelled select in the card's row of actions. */
function InlineSelect<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Form.Item label={props.label} htmlFor={props.id} style={{ marginBottom: 0 }}>
      <Select
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        style={{ width: 150 }}
        options={props.options}
      />
    </Form.Item>
  );
}

/**
 * 理性娱乐 of a member: the limits, what waits, the break and the history. Finance may tighten a limit or start a
 * break for the member; the server refuses any loosening.
 */
export function ResponsibleCard({ memberId }: { memberId: number }) {
  const confirm = useConfirmAction();
  const canSet = useCan(e.memberResponsibleSet);
  const info = useQuery({
    queryKey: key(memberId),
    queryFn: ({ signal }) => callAdmin(e.memberResponsible, { params: { id: memberId }, signal }),
  });
  const [kind, setKind] = useState<RgLimitKind>('deposit_day');
  const [value, setValue] = useState('');
  const [period, setPeriod] = useState<RgBreakPeriod>('cooloff_1d');

  if (info.isPending)
    return (
      <Card title="理性娱乐" size="small">
        <PageLoading />
      </Card>
    );
  const data = info.data;
  if (!data)
    return (
      <Card title="理性娱乐" size="small">
        <Alert type="error" title="加载失败" />
      </Card>
    );

  const tighten = () =>
    confirm({
      title: `将${RG_LIMIT_LABELS[kind]}收紧为 ${shown(kind, value.trim())}？`,
      content: '收紧立即生效；放宽只能由会员本人申请。',
      action: async () =>
        (
          await callAdminWithMessage(e.memberResponsibleSet, {
            params: { id: memberId },
            input: { kind, value: value.trim() },
          })
        ).message,
      invalidate: [key(memberId)],
      success: (message) => message,
      onDone: () => setValue(''),
    });
  const startBreak = () =>
    confirm({
      title: `为该会员设置${RG_BREAKS[period].label}？`,
      content: '期间会员无法存款、转入场馆和进入游戏，提现不受影响；不能缩短。',
      danger: true,
      action: async () =>
        (await callAdminWithMessage(e.memberResponsibleBreak, { params: { id: memberId }, input: { period } })).message,
      invalidate: [key(memberId)],
      success: (message) => message,
    });

  const rows = RG_LIMIT_KINDS.map((k) => ({ kind: k, ...data.limits[k] }));
  return (
    <Card title="理性娱乐" size="small">
      {data.break ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${data.break.kind === 'cooloff' ? '冷静期中' : '自我排除中'}：${data.break.until ? `至 ${data.break.until}` : '永久'}`}
        />
      ) : null}
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '限额', dataIndex: 'kind', render: (k: RgLimitKind) => RG_LIMIT_LABELS[k] },
          { title: '当前', render: (_v, r) => shown(r.kind, r.value) },
          {
            title: '待生效',
            render: (_v, r) => (r.pending ? `${r.pending.effective_at} 起 ${shown(r.kind, r.pending.value)}` : '-'),
          },
        ]}
      />
      {canSet ? (
        <Space wrap style={{ marginTop: 12 }}>
          <InlineSelect
            id="rg-kind"
            label="收紧限额"
            value={kind}
            onChange={setKind}
            options={RG_LIMIT_KINDS.map((k) => ({ value: k, label: RG_LIMIT_LABELS[k] }))}
          />
          <Input
            aria-label="新限额"
            value={value}
            onChange={(ev) => setValue(ev.target.value)}
            style={{ width: 120 }}
            placeholder="金额或分钟"
          />
          <Button onClick={tighten} disabled={!value.trim()}>
            收紧
          </Button>
          <InlineSelect
            id="rg-period"
            label="限制"
            value={period}
            onChange={setPeriod}
            options={(Object.keys(RG_BREAKS) as RgBreakPeriod[]).map((p) => ({ value: p, label: RG_BREAKS[p].label }))}
          />
          <Button danger onClick={startBreak}>
            设置
          </Button>
        </Space>
      ) : null}
      <List
        size="small"
        header="变更记录"
        style={{ marginTop: 12 }}
        locale={emptyLocale('暂无变更记录')}
        dataSource={data.history}
        renderItem={(h) => (
          <List.Item>{`${h.created_at} ${h.by === 'operator' ? '后台' : '会员'}：${h.summary}`}</List.Item>
        )}
      />
    </Card>
  );
}
