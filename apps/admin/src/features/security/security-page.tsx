import { StatusTag } from '../../shared/ui/status-tag';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useMe } from '../../shared/session/use-me';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { TotpCodeItem } from '../../shared/ui/totp-code-item';
import { useChangePassword, useTotpConfirm, useTotpSetup } from './api';

function TwoFactorCard() {
  const me = useMe();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [pending, setPending] = useState<{ uri: string; secret: string } | null>(null);

  if (me.isPending) return <PageLoading />;
  const enabled = me.data?.totp_enabled ?? false;

  const start = async () => {
    try {
      setPending(await setup.mutateAsync());
    } catch {
      // the client has shown why
    }
  };
  const finish = async ({ code }: { code: string }) => {
    try {
      const { message: text } = await confirm.mutateAsync(code.trim());
      void message.success(text || '两步验证已开启');
      setPending(null);
      form.resetFields();
    } catch {
      form.setFieldValue('code', '');
    }
  };

  return (
    <Card title="两步验证（动态验证码）">
      {me.data?.must_enroll && (
        <Alert
          type="warning"
          showIcon
          title="站点要求所有管理员开启两步验证，开启后才能使用其他功能。"
          style={{ marginBottom: 16 }}
        />
      )}
      {enabled ? (
        <Space orientation="vertical">
          <Space>
            状态：<StatusTag tone="success">已开启</StatusTag>
          </Space>
          <Typography.Text type="secondary">
            登录时需输入验证器中的 6 位动态验证码。如需更换手机，请联系超级管理员重置。
          </Typography.Text>
        </Space>
      ) : pending ? (
        <Row gutter={24}>
          <Col flex="none">
            <div style={{ background: '#fff', padding: 8, border: '1px solid #e5e8ef', borderRadius: 8 }}>
              <QRCodeSVG value={pending.uri} size={176} title="两步验证二维码" marginSize={2} />
            </div>
          </Col>
          <Col flex="auto">
            <Typography.Paragraph>
              1. 用验证器应用（如 Google Authenticator、Microsoft
              Authenticator）扫描左侧二维码；无法扫描时手动输入密钥：
            </Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text code copyable={{ text: pending.secret, tooltips: ['复制密钥', '已复制'] }}>
                {pending.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph>2. 输入验证器显示的 6 位动态验证码完成开启：</Typography.Paragraph>
            <Form form={form} layout="inline" onFinish={(v) => void finish(v)} requiredMark={false}>
              <TotpCodeItem>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 140 }} />
              </TotpCodeItem>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                  确认开启
                </Button>
              </Form.Item>
            </Form>
          </Col>
        </Row>
      ) : (
        <Space orientation="vertical">
          <Space>
            状态：<StatusTag tone="neutral">未开启</StatusTag>
          </Space>
          <Typography.Text type="secondary">开启后，登录除密码外还需输入手机验证器生成的动态验证码。</Typography.Text>
          <Button type="primary" onClick={() => void start()} loading={setup.isPending}>
            开启两步验证
          </Button>
        </Space>
      )}
    </Card>
  );
}

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm: string;
}

function PasswordCard() {
  const change = useChangePassword();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const submit = async (values: PasswordForm) => {
    try {
      const { message: text } = await change.mutateAsync({
        old_password: values.old_password,
        new_password: values.new_password,
      });
      void message.success(text || '密码已修改');
      form.resetFields();
    } catch {
      // the client has shown why
    }
  };
  return (
    <Card title="修改密码">
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 360 }}
        requiredMark={false}
      >
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 8, message: '新密码长度不能少于8位' },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的新密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

/** 账号安全: two-factor enrolment (QR code, then one code) and the operator's own password. */
export default function SecurityPage() {
  const me = useMe();
  return (
    <>
      <PageTitle>账号安全</PageTitle>
      {me.data && (
        <Descriptions size="small" style={{ marginBottom: 16 }} column={3}>
          <Descriptions.Item label="用户名">{me.data.username}</Descriptions.Item>
          <Descriptions.Item label="自动退出">{`${me.data.idle_minutes} 分钟无操作`}</Descriptions.Item>
        </Descriptions>
      )}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <TwoFactorCard />
        <PasswordCard />
      </Space>
    </>
  );
}
