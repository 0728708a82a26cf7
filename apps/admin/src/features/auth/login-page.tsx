import { BizCode } from '@h5/contract';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@h5/contract/api-error';
import { useSessionStore } from '../../shared/session/session-store';
import { showError } from '../../shared/ui/feedback';
import { BrandMark } from '../../shared/ui/brand-mark';
import { TotpCodeItem } from '../../shared/ui/totp-code-item';
import { signInCall } from './api';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
  code?: string;
}

/**
 * 登录: name, password and, for an operator with two-factor sign-in, 动态验证码. The code field is always there: the
 * server answers a missing or wrong code exactly as a wrong password (it never tells whether the password was right),
 * so the page cannot learn who needs one; after a refused sign-in without a code it reminds that one may be needed.
 */
export default function LoginPage() {
  const session = useSessionStore((s) => s.session);
  const endedBecause = useSessionStore((s) => s.endedBecause);
  const signIn = useSessionStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [form] = Form.useForm<LoginForm>();
  const [refusedWithoutCode, setRefusedWithoutCode] = useState(false);
  const [busy, setBusy] = useState(false);

  if (session) return <Navigate to={from} replace />;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    const code = values.code?.trim() ?? '';
    try {
      const answer = await signInCall({ username: values.username.trim(), password: values.password, code });
      signIn(answer);
      navigate(from, { replace: true });
    } catch (error) {
      if (isApiError(error)) {
        // A code works once, and a refused one is no use again: the next try takes the authenticator's current one.
        form.setFieldValue('code', '');
        setRefusedWithoutCode(error.code === BizCode.WRONG_PASSWORD && !code);
        showError(error.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <Card className="login-card" variant="borderless">
        <div className="login-brand">
          <BrandMark />
        </div>
        <Typography.Title level={1} className="login-title">
          登录
        </Typography.Title>
        {endedBecause && <Alert type="warning" showIcon title={endedBecause} className="login-alert" />}
        {refusedWithoutCode && (
          <Alert
            type="info"
            showIcon
            title="账号已开启两步验证时，须同时填写验证器中的 6 位动态验证码"
            className="login-alert"
          />
        )}
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => void submit(v)}
          disabled={busy}
        >
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <TotpCodeItem optional extra="已开启两步验证的账号必填，其余账号留空">
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </TotpCodeItem>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
