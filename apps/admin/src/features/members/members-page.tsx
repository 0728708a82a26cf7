import { Form, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { adminEndpoints } from '@h5/contract';
import { useEffect } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { MemberStateTag } from '../../shared/labels';
import { usePagedList } from '../../shared/table/use-paged-list';
import { ListTable } from '../../shared/ui/list-table';
import { SearchField, SearchForm } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { fetchMembers, type MemberSearch } from './api';

type Row = RowOf<typeof adminEndpoints.members>;

const EMPTY: MemberSearch = { username: '', realname: '', mobile: '', register_ip: '' };

const columns: TableColumnsType<Row> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  {
    title: '用户名',
    dataIndex: 'username',
    render: (name: string, row) => <Link to={`/members/${row.id}`}>{name}</Link>,
  },
  { title: '真实姓名', dataIndex: 'realname' },
  { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
  { title: 'VIP', dataIndex: 'vip', width: 70, render: (v: number) => `VIP${v}` },
  { title: '中心钱包', dataIndex: 'balance', align: 'right', render: formatMoney },
  { title: '场馆余额', dataIndex: 'gameblance', align: 'right', render: formatMoney },
  { title: '累计存款', dataIndex: 'paysum', align: 'right', render: formatMoney },
  { title: '状态', dataIndex: 'state', width: 90, render: (v: number) => <MemberStateTag state={v} /> },
  {
    title: '注册时间 / IP',
    dataIndex: 'created_at',
    width: 170,
    render: (at: string, row) => (
      <>
        {at}
        <span className="console-cell-sub">{row.register_ip || '-'}</span>
      </>
    ),
  },
];

/** 会员管理: find a member by username, real name, mobile or registration IP. */
export default function MembersPage() {
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'members',
    defaults: EMPTY,
    fetchPage: fetchMembers,
    emptyText: '没有找到符合条件的会员',
  });
  const [form] = Form.useForm<MemberSearch>();
  useEffect(() => form.setFieldsValue(filters), [form, filters]);
  const clean = (values: MemberSearch) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()])) as MemberSearch;
  return (
    <>
      <PageTitle>会员管理</PageTitle>
      <SearchForm
        form={form}
        initialValues={filters}
        onFinish={(v) => setFilters(clean(v))}
        onReset={() => {
          form.setFieldsValue(EMPTY);
          setFilters(EMPTY);
        }}
      >
        <SearchField name="username" label="用户名" maxLength={32} width={150} />
        <SearchField name="realname" label="真实姓名" maxLength={32} width={130} />
        <SearchField name="mobile" label="手机号" maxLength={32} width={150} />
        <SearchField name="register_ip" label="注册IP" maxLength={64} width={150} />
      </SearchForm>
      <ListTable<Row> label="会员列表" columns={columns} width={1000} {...tableProps} />
    </>
  );
}
