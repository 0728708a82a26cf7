import { adminEndpoints, INTEGRATION_CHANGE_STATES } from '@h5/contract';
import { Button, Descriptions, Space, type TableColumnsType, Tooltip } from 'antd';
import { callAdmin, callAdminWithMessage, type RowOf } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { usePagedList } from '../../shared/table/use-paged-list';
import { apiState } from '../../shared/table/queue-filters';
import { ListTable } from '../../shared/ui/list-table';
import { StateFilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { useReviewActions } from '../../shared/ui/review-actions';
import { StatusTag, type Tone } from '../../shared/ui/status-tag';

const e = adminEndpoints;
type Row = RowOf<typeof adminEndpoints.integrationChanges>;

const S = INTEGRATION_CHANGE_STATES;
const STATE_LABEL: Record<number, [string, Tone]> = {
  [S.pending]: ['待审批', 'warning'],
  [S.applied]: ['已生效', 'success'],
  [S.rejected]: ['已拒绝', 'danger'],
  [S.withdrawn]: ['已撤回', 'neutral'],
  [S.stale]: ['已失效', 'neutral'],
};
const STATE_OPTIONS = [
  { value: '1', label: '待审批' },
  { value: 'all', label: '全部' },
  ...[S.applied, S.rejected, S.withdrawn, S.stale].map((s) => ({ value: String(s), label: STATE_LABEL[s]![0] })),
];
/** The integration fields by their Chinese names; secrets arrive masked as ********. */
const FIELD_LABEL: Record<string, string> = {
  wallet_mode: '钱包模式',
  api_base_url: '接口地址',
  api_secret: '签名密钥',
  currency: '币种',
  name: '名称',
  protocol: '协议',
  merchant_id: '商户号',
  submit_url: '提交地址',
  secret: '商户密钥',
  enabled: '启用',
};
const VALUE_LABEL: Record<string, string> = { transfer: '转账钱包', seamless: '无缝钱包' };
const shown = (v: string | undefined) => (v === undefined || v === '' ? '（空）' : (VALUE_LABEL[v] ?? v));

const targetText = (row: Row) =>
  `${row.target_kind === 'venue' ? '场馆' : '支付通道'} ${row.target}${row.action === 'create' ? '（新增）' : ''}`;

/** Before and after side by side, field by field; a field that changes is marked. */
export function ChangeDiff({ row }: { row: Row }) {
  const names = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after)])];
  return (
    <table aria-label={`${targetText(row)} 变更内容`} style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 12 }}>
            项目
          </th>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 12 }}>
            变更前
          </th>
          <th scope="col" style={{ textAlign: 'left' }}>
            变更后
          </th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const before = row.before?.[name];
          const after = row.after[name];
          // A new secret is masked on both sides: its change shows as 已更换 when one was sent.
          const changed = before !== after;
          return (
            <tr key={name} style={changed ? { fontWeight: 600 } : undefined}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 12 }}>
                {FIELD_LABEL[name] ?? name}
              </th>
              <td style={{ paddingRight: 12, wordBreak: 'break-all' }}>{row.before ? shown(before) : '-'}</td>
              <td style={{ wordBreak: 'break-all' }}>
                {shown(after)}
                {changed ? ' ●' : ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function describe(row: Row) {
  return (
    <>
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label="对象">{targetText(row)}</Descriptions.Item>
        <Descriptions.Item label="提交人">{row.made_by}</Descriptions.Item>
      </Descriptions>
      <ChangeDiff row={row} />
    </>
  );
}

/**
 * 待审批变更 (admin): a venue's or gateway's address, secret or mode as one admin proposed it, applied only when
 * another admin approves. The maker cannot approve its own; it may withdraw it.
 */
export default function IntegrationChangesPage() {
  const me = useSessionStore((s) => s.session?.username);
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'integrationChanges',
    defaults: { state: '1' },
    fetchPage: (f, p, signal) => callAdmin(e.integrationChanges, { input: { ...p, state: apiState(f.state) }, signal }),
    emptyText: (f) => (f.state === '1' ? '暂无待审批的变更' : '没有符合条件的变更'),
  });
  const review = useReviewActions<Row>({
    what: '变更',
    describe,
    approve: (row) => callAdminWithMessage(e.integrationChangeApprove, { params: { id: row.id }, input: { note: '' } }),
    reject: (row, reason) => callAdmin(e.integrationChangeReject, { params: { id: row.id }, input: { note: reason } }),
    invalidate: [['integrationChanges'], ['resource']],
    approvedText: '已通过，变更已生效',
  });

  const columns: TableColumnsType<Row> = [
    { title: '对象', width: 170, render: (_v, row) => targetText(row) },
    { title: '变更内容', render: (_v, row) => <ChangeDiff row={row} /> },
    { title: '提交人', dataIndex: 'made_by', width: 120 },
    { title: '提交时间', dataIndex: 'created_at', width: 170 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => {
        const [label, tone] = STATE_LABEL[v] ?? [String(v), 'neutral'];
        return <StatusTag tone={tone}>{label}</StatusTag>;
      },
    },
    {
      title: '审批',
      width: 190,
      render: (_v, row) => {
        if (row.state !== S.pending) return <span>{`${row.checked_by || '-'}${row.note ? `：${row.note}` : ''}`}</span>;
        const own = row.made_by === me;
        return (
          <Space>
            <Tooltip title={own ? '不能审批自己提交的变更，请由另一位管理员审批' : undefined}>
              {/* A disabled button gets no pointer events: the span carries the tooltip. */}
              <span>
                <Button type="primary" size="small" disabled={own} onClick={() => review.approve(row)}>
                  通过
                </Button>
              </span>
            </Tooltip>
            <Button danger size="small" onClick={() => review.reject(row)}>
              {own ? '撤回' : '拒绝'}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle>待审批变更</PageTitle>
      <div style={{ marginBottom: 16 }}>
        场馆的钱包模式、接口地址、密钥、币种，以及支付通道的新增、商户号、密钥和提交地址，须另一位管理员通过后才生效；密钥始终以
        ******** 显示。
      </div>
      <StateFilterBar id="integration-state" value={filters.state} options={STATE_OPTIONS} onChange={setFilters} />
      <ListTable<Row> label="待审批变更列表" columns={columns} width={1100} {...tableProps} />
      {review.dialog}
    </>
  );
}
