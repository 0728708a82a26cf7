import type { adminEndpoints } from '@h5/contract';
import { StatusTag } from '../../shared/ui/status-tag';
import { OPERATOR_ROLES, type OperatorRoleName } from '@h5/contract';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { DataOf } from '../../shared/api/client';
import { ROLE_LABEL } from '../../shared/roles';
import { useSessionStore } from '../../shared/session/session-store';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { emptyLocale } from '../../shared/ui/empty';
import { DataTable } from '../../shared/ui/data-table';
import { PageTitle } from '../../shared/ui/page-title';
import {
  changeRoleCall,
  operatorsKey,
  operatorStateCall,
  resetTotpCall,
  useCreateOperator,
  useOperators,
  useSetTotpRequired,
  useTotpRequired,
} from './api';

type Row = DataOf<typeof adminEndpoints.operators>[number];

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }));

/** What a change that gives an account power answers: it waits in 待审批变更 for a second admin. */
const PENDING_TEXT = '已提交，待另一位管理员审批后生效';
const SECOND_ADMIN = '须另一位管理员在「待审批变更」中通过后才生效。';

function CreateOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ username: string; role: OperatorRoleName }>();
  const create = useCreateOperator();
  const { message } = App.useApp();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await create.mutateAsync({ username: values.username.trim(), role: values.role });
      void message.success(PENDING_TEXT);
      close();
    } catch {
      // the client has shown why
    }
  };
  return (
    <Modal
      open={open}
      title="新增管理员"
      okText="提交审批"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={`新增管理员${SECOND_ADMIN}初始密码在通过时向审批人显示一次，由审批人交给该管理员。`}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" initialValues={{ role: 'finance' }} requiredMark={false} preserve={false}>
        <Form.Item
          name="username"
          label="用户名"
          rules={[
            { required: true, whitespace: true, message: '请输入用户名' },
            { pattern: /^[A-Za-z0-9_]{3,32}$/, message: '用户名须为3-32位字母、数字或下划线' },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TotpRequiredSwitch() {
  const required = useTotpRequired();
  const update = useSetTotpRequired();
  const { message } = App.useApp();
  return (
    <Space>
      <label htmlFor="totp-required">所有管理员必须开启两步验证</label>
      <Switch
        id="totp-required"
        checked={required.data ?? false}
        loading={required.isPending || update.isPending}
        onChange={(on) =>
          update.mutate(on, {
            onSuccess: () => void message.success(on ? '已要求所有管理员开启两步验证' : '已取消强制两步验证'),
          })
        }
      />
    </Space>
  );
}

/**
 * 管理员 (admin only): disable an operator at once; a new operator, a new role, enabling again and a two-factor reset
 * are proposed here and applied when a second admin approves them in 待审批变更 (docs/operators.md "Two people, judged by
 * person"), where a new operator's password is shown once to that admin.
 */
export default function OperatorsPage() {
  const operators = useOperators();
  const me = useSessionStore((s) => s.session?.username);
  const confirm = useConfirmAction();
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '用户名', dataIndex: 'username' },
    {
      title: '角色',
      dataIndex: 'role',
      width: 170,
      render: (role: OperatorRoleName, row) =>
        row.username === me ? (
          <StatusTag tone="info">{ROLE_LABEL[role]}</StatusTag>
        ) : (
          <Select
            aria-label={`${row.username} 的角色`}
            value={role}
            options={ROLE_OPTIONS}
            style={{ width: 140 }}
            onChange={(next: OperatorRoleName) =>
              confirm({
                title: '修改角色',
                content: `把 ${row.username} 的角色改为「${ROLE_LABEL[next]}」？${SECOND_ADMIN}`,
                okText: '提交审批',
                action: () => changeRoleCall(row.id, next),
                invalidate: [operatorsKey, ['integrationChanges']],
                success: PENDING_TEXT,
              })
            }
          />
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) =>
        v === 1 ? <StatusTag tone="success">正常</StatusTag> : <StatusTag tone="danger">已停用</StatusTag>,
    },
    {
      title: '两步验证',
      dataIndex: 'totp_enabled',
      width: 100,
      render: (v: boolean) =>
        v ? <StatusTag tone="success">已开启</StatusTag> : <StatusTag tone="neutral">未开启</StatusTag>,
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170 },
    {
      title: '操作',
      width: 220,
      render: (_v, row) =>
        row.username === me ? (
          <Typography.Text type="secondary">当前账号</Typography.Text>
        ) : (
          <Space>
            <Button
              size="small"
              danger={row.state === 1}
              onClick={() =>
                confirm({
                  title: row.state === 1 ? '停用管理员' : '重新启用管理员',
                  content:
                    row.state === 1
                      ? `停用后 ${row.username} 将立即下线且无法登录。`
                      : `重新启用 ${row.username} ${SECOND_ADMIN}`,
                  danger: row.state === 1,
                  ...(row.state === 1 ? {} : { okText: '提交审批' }),
                  action: () => operatorStateCall(row.id, row.state === 1 ? 0 : 1),
                  invalidate: [operatorsKey, ['integrationChanges']],
                  success: row.state === 1 ? '已停用' : PENDING_TEXT,
                })
              }
            >
              {row.state === 1 ? '停用' : '启用'}
            </Button>
            <Button
              size="small"
              disabled={!row.totp_enabled}
              onClick={() =>
                confirm({
                  title: '重置两步验证',
                  content: `重置后 ${row.username} 将下线，登录只需密码，可在账号安全中重新开启。${SECOND_ADMIN}`,
                  okText: '提交审批',
                  action: () => resetTotpCall(row.id),
                  invalidate: [operatorsKey, ['integrationChanges']],
                  success: PENDING_TEXT,
                })
              }
            >
              重置两步验证
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          <Space size="large" wrap>
            <TotpRequiredSwitch />
            <Button type="primary" onClick={() => setCreating(true)}>
              新增管理员
            </Button>
          </Space>
        }
      >
        管理员
      </PageTitle>
      <DataTable<Row>
        label="管理员列表"
        rowKey="id"
        columns={columns}
        dataSource={operators.data ?? []}
        loading={operators.isPending}
        pagination={false}
        locale={emptyLocale('暂无管理员')}
        scroll={{ x: 900 }}
      />
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
