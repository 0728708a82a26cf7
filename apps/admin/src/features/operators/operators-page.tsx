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
type Created = DataOf<typeof adminEndpoints.operatorCreate>;

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }));

function CreateOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ username: string; role: OperatorRoleName }>();
  const create = useCreateOperator();
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    form.resetFields();
    setCreated(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    try {
      setCreated(await create.mutateAsync({ username: values.username.trim(), role: values.role }));
    } catch {
      // the client has shown why
    }
  };
  return (
    <Modal
      open={open}
      title={created ? '管理员已创建' : '新增管理员'}
      okText={created ? '我已保存密码' : '创建'}
      cancelText="取消"
      cancelButtonProps={{ style: created ? { display: 'none' } : undefined }}
      confirmLoading={create.isPending}
      onOk={() => (created ? close() : void submit().catch(() => undefined))}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
    >
      {created ? (
        <>
          <Alert
            type="warning"
            showIcon
            title="初始密码只显示这一次，请立即复制并安全地交给该管理员。"
            style={{ marginBottom: 16 }}
          />
          <p>
            用户名：<strong>{created.username}</strong>（{ROLE_LABEL[created.role]}）
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
      ) : (
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
      )}
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

/** 管理员 (admin only): create operators (the password shown once), change roles, disable, reset two factors. */
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
                content: `把 ${row.username} 的角色改为「${ROLE_LABEL[next]}」？`,
                action: () => changeRoleCall(row.id, next),
                invalidate: [operatorsKey],
                success: '角色已修改',
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
                  title: row.state === 1 ? '停用管理员' : '启用管理员',
                  content:
                    row.state === 1
                      ? `停用后 ${row.username} 将立即下线且无法登录。`
                      : `启用后 ${row.username} 可以重新登录。`,
                  danger: row.state === 1,
                  action: () => operatorStateCall(row.id, row.state === 1 ? 0 : 1),
                  invalidate: [operatorsKey],
                  success: row.state === 1 ? '已停用' : '已启用',
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
                  content: `重置后 ${row.username} 登录只需密码，可在账号安全中重新开启。`,
                  action: () => resetTotpCall(row.id),
                  invalidate: [operatorsKey],
                  success: '两步验证已重置',
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
