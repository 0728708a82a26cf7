import { BizCode } from '@h5/contract';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
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

/** 登录: name and password, and 动态验证码 once the server says this operator has two-factor sign-in (231). */
export default function LoginPage() {
  const session = useSessionStore((s) => s.session);
  const endedBecause = useSessionStore((s) => s.endedBecause);
  const signIn = useSessionStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [form] = Form.useForm<LoginForm>();
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<InputRef>(null);

  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);

  if (session) return <Navigate to={from} replace />;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      const answer = await signInCall({
        username: values.username.trim(),
        password: values.password,
        code: values.code?.trim() ?? '',
      });
      signIn(answer);
      navigate(from, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === BizCode.OTP_REQUIRED) {
        setNeedsCode(true);
      } else if (isApiError(error)) {
        if (error.code === BizCode.OTP_WRONG) form.setFieldValue('code', '');
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
        {needsCode && (
          <Alert
            type="info"
            showIcon
            title="此账号已开启两步验证，请输入验证器中的 6 位动态验证码"
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
          {needsCode && (
            <TotpCodeItem>
              <Input
                ref={codeRef}
                prefix={<SafetyOutlined aria-hidden />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            </TotpCodeItem>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
