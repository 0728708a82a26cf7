import { Link, useNavigate, useSearchParams } from '../../shared/router/router';
import './auth.css';
import { rememberReferral } from './redirect';
import { RegisterForm } from './register-form';
import { useCaptcha } from './use-captcha';

/**
 * /register, inside the entry's frame (AuthShell, app/routes.tsx): the alternate register view, which also asks to
 * agree to the terms.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const referral = rememberReferral(params.get('pid'));
  return (
    <>
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
    </>
  );
}
