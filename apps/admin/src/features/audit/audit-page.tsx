import type { adminEndpoints } from '@h5/contract';
import { Form, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import type { RowOf } from '../../shared/api/client';
import { usePagedList } from '../../shared/table/use-paged-list';
import { DateRangeFilter, SearchField, SearchForm } from '../../shared/ui/filter-bar';
import { ListTable } from '../../shared/ui/list-table';
import { PageTitle } from '../../shared/ui/page-title';
import { type AuditFilters, fetchAudit } from './api';
import { BeforeAfter } from './before-after';

type Row = RowOf<typeof adminEndpoints.audit>;

const ACTIONS: Record<string, string> = {
  'operator.login': '登录',
  'operator.login_failed': '登录失败',
  'operator.logout': '退出登录',
  'operator.password': '修改密码',
  'operator.create': '创建管理员',
  'operator.role': '修改角色',
  'operator.state': '启用/停用管理员',
  'operator.totp_enable': '开启两步验证',
  'operator.totp_setup': '生成两步验证密钥',
  'operator.totp_reset': '重置两步验证',
  'member.adjust': '调整余额',
  'member.adjust_request': '提交大额调整',
  'adjustment.approve': '调整复核通过',
  'adjustment.reject': '调整复核拒绝',
  'member.recycle': '一键回收',
  'member.state': '禁用/启用会员',
  'deposit.approve': '存款通过',
  'deposit.reject': '存款拒绝',
  'deposit.query': '存款查单',
  'late_payment.approve': '逾期到账入账',
  'late_payment.reject': '逾期到账拒绝',
  'withdrawal.approve': '提款通过',
  'withdrawal.first_approve': '提款初审通过',
  'withdrawal.reject': '提款拒绝',
  'settings.update': '修改设置',
  'message.send': '发送消息',
  'message.delete': '删除消息',
  'integration.propose': '提交接入变更',
  'integration.approve': '接入变更通过',
  'integration.reject': '接入变更拒绝',
  'integration.withdraw': '撤回接入变更',
  'integration.stale': '接入变更失效',
  'pay-way.update': '修改支付方式',
  'payment-gateway.update': '修改支付通道',
  'payment-gateway.delete': '删除支付通道',
};

const EMPTY: AuditFilters = { operator: '', action: '', target: '', from: '', to: '' };

const columns: TableColumnsType<Row> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  {
    title: '操作员',
    dataIndex: 'operator',
    render: (v: string | null, row) => v ?? (row.operator_id ? `#${row.operator_id}` : '未知账号'),
  },
  {
    title: '动作',
    dataIndex: 'action',
    render: (v: string) => (
      <>
        {ACTIONS[v] ?? v}
        {ACTIONS[v] ? <div style={{ color: 'rgba(0,0,0,0.65)', fontSize: 12 }}>{v}</div> : null}
      </>
    ),
  },
  { title: '对象', dataIndex: 'target' },
  { title: '请求ID', dataIndex: 'request_id', ellipsis: true, width: 200 },
];

/** 操作日志: every operator action, filtered by operator, action, target and date, with before/after. */
export default function AuditPage() {
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'audit',
    defaults: EMPTY,
    fetchPage: fetchAudit,
    emptyText: '没有符合条件的操作记录',
  });
  const [form] = Form.useForm<Omit<AuditFilters, 'from' | 'to'>>();
  useEffect(() => form.setFieldsValue(filters), [form, filters]);
  return (
    <>
      <PageTitle>操作日志</PageTitle>
      <SearchForm
        form={form}
        initialValues={filters}
        onFinish={(v) =>
          setFilters({
            operator: (v.operator ?? '').trim(),
            action: (v.action ?? '').trim(),
            target: (v.target ?? '').trim(),
          })
        }
        onReset={() => {
          form.resetFields();
          setFilters(EMPTY);
        }}
      >
        <SearchField name="operator" label="操作员" maxLength={32} width={130} />
        <SearchField name="action" label="动作" maxLength={64} width={170} placeholder="如 member.adjust" />
        <SearchField name="target" label="对象" maxLength={128} width={170} placeholder="如 member:12" />
        <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilters} />
      </SearchForm>
      <ListTable<Row>
        label="操作日志"
        columns={columns}
        width={900}
        expandable={{
          expandedRowRender: (row) => <BeforeAfter before={row.before} after={row.after} />,
          expandRowByClick: false,
        }}
        {...tableProps}
      />
    </>
  );
}
