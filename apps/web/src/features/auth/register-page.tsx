import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from './auth-shell';
import { rememberReferral } from './redirect';
import { RegisterForm } from './register-form';
import { useCaptcha } from './use-captcha';

/** /register: the alternate register view, which also asks to agree to the terms. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const referral = rememberReferral(params.get('pid'));
  return (
    <AuthShell heading="注册">
      <h1 className="auth-heading">注册</h1>
      <RegisterForm
        captcha={captcha}
        referral={referral}
        withTerms
        onSuccess={() => void navigate('/', { replace: true })}
      />
      <p className="auth-switch">
        已有账号？<Link to="/login">立即登录</Link>
      </p>
    </AuthShell>
  );
}
