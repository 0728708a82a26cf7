import { adminEndpoints, INTEGRATION_CHANGE_STATES } from '@h5/contract';
import { Alert, Button, Descriptions, Modal, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { callAdmin, callAdminWithMessage, type RowOf } from '../../shared/api/client';
import { PAY_RANGE_TYPE_LABELS, payWayLabel } from '../../shared/labels';
import { ROLE_LABEL } from '../../shared/roles';
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
  // A Hub88 venue's settings (docs/venues.md "Connecting Hub88 step by step"): public keys by their digest.
  operator_id: '运营商编号',
  aggregator_public_key: '聚合商公钥（摘要）',
  private_key: '我方私钥',
  public_key: '我方公钥（摘要）',
  merchant_id: '商户号',
  submit_url: '提交地址',
  secret: '商户密钥',
  enabled: '启用',
  username: '用户名',
  role: '角色',
  state: '状态',
  totp_enabled: '两步验证',
};
const VALUE_LABEL: Record<string, string> = { transfer: '转账钱包', seamless: '无缝钱包', hub88: 'Hub88' };
/** An operator's fields as the 管理员 page shows them; a switch as 启用/停用. */
const FIELD_VALUE_LABEL: Record<string, Record<string, string>> = {
  role: ROLE_LABEL,
  state: { '0': '已停用', '1': '正常' },
  totp_enabled: { true: '已开启', false: '未开启' },
  enabled: { '0': '停用', '1': '启用' },
};
/** A setting that moves money, by its target's prefix ('vip-level:3', 'vip-level:new', 'pay-way:usdt', 'deposit-bonus'). */
const SETTING_LABEL: Record<string, string> = {
  'vip-level': 'VIP等级',
  'redpacket-rule': '红包规则',
  'commission-plan': '佣金方案',
  'pay-way': '支付方式',
  'deposit-bonus': '存款优惠',
};
/** Each setting's fields by their Chinese names, as its own screen names them (amounts in yuan, rates in %). */
const SETTING_FIELD_LABEL: Record<string, Record<string, string>> = {
  'vip-level': {
    level: '等级',
    name: '名称',
    recharge: '晋级累计存款',
    flow: '晋级累计流水',
    retention: '保级流水',
    realperson: '真人返水%',
    sport: '体育返水%',
    e_sport: '电竞返水%',
    joker: '棋牌返水%',
    electron: '电子返水%',
    lottery: '彩票返水%',
  },
  'redpacket-rule': {
    start_time: '开始时间',
    end_time: '结束时间',
    day_flow: '当日存款下限',
    flow_money: '当日存款上限',
    recharge: '可抢次数',
    money: '红包上限（存款的%）',
  },
  'commission-plan': { name: '方案名称', fee_share: '支付手续费分摊%', tiers: '佣金档位（净盈利门槛/最低活跃/比例%）' },
  'pay-way': Object.fromEntries(
    Object.entries(PAY_RANGE_TYPE_LABELS).map(([type, label]) => [type, `${label}金额范围`]),
  ),
  'deposit-bonus': { deposit_bonus_percent: '存款优惠比例%', deposit_bonus_max: '存款优惠单笔上限' },
};
const settingOf = (row: Row) => (row.target_kind === 'setting' ? row.target.split(':') : []);
const fieldLabel = (row: Row, name: string) =>
  SETTING_FIELD_LABEL[settingOf(row)[0] ?? '']?.[name] ?? FIELD_LABEL[name] ?? name;
/** A setting's target as its screen names it: VIP等级 #3, 支付方式 USDT, 红包规则（新增）. */
function settingText(target: string) {
  const [prefix = '', which = ''] = target.split(':');
  const name = SETTING_LABEL[prefix] ?? prefix;
  if (which === 'new') return `${name}（新增）`;
  if (!which) return name;
  return `${name} ${prefix === 'pay-way' ? payWayLabel(which) : `#${which}`}`;
}
const shown = (name: string, v: string | undefined) =>
  v === undefined || v === '' ? '（空）' : (FIELD_VALUE_LABEL[name]?.[v] ?? VALUE_LABEL[v] ?? v);

const KIND_LABEL: Record<Row['target_kind'], string> = {
  venue: '场馆',
  gateway: '支付通道',
  operator: '操作员',
  setting: '设置',
};
/** What the change does, beside its target; an update of an integration or a setting says nothing more. */
const ACTION_LABEL: Partial<Record<Row['action'], string>> = {
  create: '新增',
  role: '角色',
  enable: '重新启用',
  totp_reset: '重置两步验证',
};
const targetText = (row: Row) => {
  if (row.target_kind === 'setting') return settingText(row.target);
  const action = ACTION_LABEL[row.action];
  return `${KIND_LABEL[row.target_kind]} ${row.target}${action ? `（${action}）` : ''}`;
};
/** A change about the signed-in admin's own account: another admin approves it. */
const aboutMe = (row: Row, me: string | undefined) =>
  row.target_kind === 'operator' && row.target.toLowerCase() === me?.toLowerCase();

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
                {fieldLabel(row, name)}
              </th>
              <td style={{ paddingRight: 12, wordBreak: 'break-all' }}>{row.before ? shown(name, before) : '-'}</td>
              <td style={{ wordBreak: 'break-all' }}>
                {shown(name, after)}
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

/** A new operator's password, shown once to the admin who approved its creation. */
function CreatedPasswordDialog({
  created,
  onClose,
}: {
  created: { username: string; password: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={created !== null}
      title="管理员已创建"
      okText="我已保存密码"
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
      keyboard={false}
      onOk={onClose}
      destroyOnHidden
    >
      {created && (
        <>
          <Alert
            type="warning"
            showIcon
            title="初始密码只显示这一次，请立即复制并安全地交给该管理员。"
            style={{ marginBottom: 16 }}
          />
          <p>
            用户名：<strong>{created.username}</strong>
          </p>
          <p>
            初始密码：
            <Typography.Text
              code
              copyable={{ text: created.password, tooltips: ['复制密码', '已复制'] }}
              aria-label="初始密码"
            >
              {created.password}
            </Typography.Text>
          </p>
        </>
      )}
    </Modal>
  );
}

/**
 * 待审批变更 (admin): a venue's or gateway's address, secret or mode, and an operator's creation, role, enabling
 * again or two-factor reset, as one admin proposed it, applied only when another admin approves (docs/operators.md "Two people,
 * judged by person"). The maker cannot approve its own, nor an admin a change about their own account; the maker may
 * withdraw it. Approving a new operator shows its password once.
 */
export default function IntegrationChangesPage() {
  const me = useSessionStore((s) => s.session?.username);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'integrationChanges',
    defaults: { state: '1' },
    fetchPage: (f, p, signal) => callAdmin(e.integrationChanges, { input: { ...p, state: apiState(f.state) }, signal }),
    emptyText: (f) => (f.state === '1' ? '暂无待审批的变更' : '没有符合条件的变更'),
  });
  const review = useReviewActions<Row>({
    what: '变更',
    describe,
    approve: async (row) => {
      const answer = await callAdminWithMessage(e.integrationChangeApprove, {
        params: { id: row.id },
        input: { note: '' },
      });
      if (answer.data.password) setCreated({ username: answer.data.target, password: answer.data.password });
      return answer;
    },
    reject: (row, reason) => callAdmin(e.integrationChangeReject, { params: { id: row.id }, input: { note: reason } }),
    invalidate: [['integrationChanges'], ['resource'], ['operators']],
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
      fixed: 'right',
      render: (_v, row) => {
        if (row.state !== S.pending) return <span>{`${row.checked_by || '-'}${row.note ? `：${row.note}` : ''}`}</span>;
        const own = row.made_by === me;
        const refusal = own
          ? '不能审批自己提交的变更，请由另一位管理员审批'
          : aboutMe(row, me)
            ? '不能审批与自己账号有关的变更，请由另一位管理员审批'
            : undefined;
        return (
          <Space>
            <Tooltip title={refusal}>
              {/* A disabled button gets no pointer events: the span carries the tooltip. */}
              <span>
                <Button
                  type="primary"
                  size="small"
                  disabled={refusal !== undefined}
                  onClick={() => review.approve(row)}
                >
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
        ********
        显示。操作员的新增、角色、重新启用和重置两步验证也须另一位管理员通过；新增操作员的初始密码在通过时显示一次。VIP等级的等级、晋级条件与返水比例，红包规则，佣金方案的分摊与档位，支付方式的金额范围和存款优惠，由财务或管理员提交，同样须另一位管理员通过后才生效。
      </div>
      <StateFilterBar id="integration-state" value={filters.state} options={STATE_OPTIONS} onChange={setFilters} />
      <ListTable<Row> label="待审批变更列表" columns={columns} width={1000} {...tableProps} />
      {review.dialog}
      <CreatedPasswordDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
