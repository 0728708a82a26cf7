import { useNavigate, useSearchParams } from '../../shared/router/router';
import './auth.css';
import { LoginForm } from './login-form';
import { rememberReferral } from './redirect';
import { RegisterForm } from './register-form';
import { useCaptcha } from './use-captcha';

type Tab = 'login' | 'register';

/**
 * /login, inside the entry's frame (AuthShell, app/routes.tsx): tabs 登录 / 注册; ?type=1 opens register, ?pid= is a
 * referral code. Login and register success both go to / (docs/member-app.md "States and transitions"); the ?redirect= query the guards add only records
 * where the visitor came from.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const tab: Tab = params.get('type') === '1' ? 'register' : 'login';
  const referral = rememberReferral(params.get('pid'));

  // docs/member-app.md "States and transitions": a tab switch clears both forms (only the active form is mounted) and picks a new captcha.
  const switchTo = (next: Tab) => {
    if (next === tab) return;
    captcha.refresh();
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'register') updated.set('type', '1');
        else updated.delete('type');
        return updated;
      },
      { replace: true },
    );
  };

  const tabs: Array<{ key: Tab; label: string }> = [
    { key: 'login', label: '登录' },
    { key: 'register', label: '注册' },
  ];

  return (
    <>
      <div className="auth-tabs" role="tablist" aria-label="登录或注册">
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`auth-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="auth-panel"
            className={tab === key ? 'auth-tab active' : 'auth-tab'}
            onClick={() => switchTo(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? (
          <LoginForm onSuccess={() => void navigate('/', { replace: true })} />
        ) : (
          <RegisterForm captcha={captcha} referral={referral} onSuccess={() => void navigate('/', { replace: true })} />
        )}
      </div>
    </>
  );
}
