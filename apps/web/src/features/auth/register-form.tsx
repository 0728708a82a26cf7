import { CAPTCHA_LENGTH } from '@h5/contract/codes';
import { LANDING_MSG } from '@h5/contract/landing-messages';
import { validateRegister } from '@h5/contract/auth-validation';
import { Checkbox } from '../../shared/ui/checkbox';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../shared/ui/feedback';
import { useRegisterMutation } from './api';
import { CaptchaImage } from './captcha-image';
import { ICONS, SubmitButton, TextField } from './text-field';
import type { Captcha } from './use-captcha';

const EMPTY = { name: '', password: '', confirmPass: '', realname: '', paypassword: '', code: '' };
type Values = typeof EMPTY;

/** The fields before the captcha, in their order (docs/member-app.md "Validation rules"); the placeholder is 请输入 and the label unless given. */
const FIELDS: ReadonlyArray<{
  key: Exclude<keyof Values, 'code'>;
  id: string;
  label: string;
  icon: keyof typeof ICONS;
  autoComplete: string;
  password?: true;
  placeholder?: string;
}> = [
  { key: 'name', id: 'reg-name', label: '用户名', icon: 'user', autoComplete: 'username' },
  { key: 'password', id: 'reg-password', label: '密码', icon: 'lock', autoComplete: 'new-password', password: true },
  {
    key: 'confirmPass',
    id: 'reg-confirm',
    label: '确认密码',
    icon: 'lock',
    autoComplete: 'new-password',
    password: true,
    placeholder: '请再次输入密码',
  },
  { key: 'realname', id: 'reg-realname', label: '真实姓名', icon: 'id', autoComplete: 'name' },
  { key: 'paypassword', id: 'reg-paypassword', label: '支付密码', icon: 'shield', autoComplete: 'off', password: true },
];

interface RegisterFormProps {
  captcha: Captcha;
  referral: string | undefined;
  onSuccess: () => void;
  /** The alternate /register view also asks to agree to the terms (docs/member-app.md "Screens by route" and "Register rules"). */
  withTerms?: boolean;
}

export function RegisterForm({ captcha, referral, onSuccess, withTerms = false }: RegisterFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const mutation = useRegisterMutation();
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  // docs/member-app.md "Validation rules": the register button is disabled until all six fields are filled.
  const filled = Object.values(values).every((v) => v !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateRegister(values, { expectedCaptcha: captcha.code, agreed: withTerms ? agreed : undefined });
    if (message) {
      showToast({ content: message });
      if (message === LANDING_MSG.captchaWrong) {
        // docs/member-app.md "Validation rules": a wrong captcha clears the field and picks a new image.
        setValues((v) => ({ ...v, code: '' }));
        captcha.refresh();
      }
      return;
    }
    mutation.mutate({ ...values, ...(referral ? { pid: referral } : {}) }, { onSuccess });
  };

  return (
    <form className="auth-form" aria-label="注册" onSubmit={submit} noValidate>
      {FIELDS.map(({ key, id, label, icon, autoComplete, password, placeholder }) => (
        <TextField
          key={key}
          id={id}
          label={label}
          icon={ICONS[icon]}
          type={password ? 'password' : 'text'}
          placeholder={placeholder ?? `请输入${label}`}
          autoComplete={autoComplete}
          value={values[key]}
          onChange={set(key)}
        />
      ))}
      <TextField
        id="reg-code"
        label="验证码"
        icon={ICONS.code}
        placeholder="请输入验证码"
        maxLength={CAPTCHA_LENGTH}
        autoComplete="off"
        value={values.code}
        onChange={set('code')}
        extra={<CaptchaImage captcha={captcha} />}
      />
      {withTerms && (
        <Checkbox className="auth-terms" checked={agreed} onChange={setAgreed}>
          我已阅读并同意相关条款和隐私协议
        </Checkbox>
      )}
      <SubmitButton label="注册" disabled={!filled} busy={mutation.isPending} />
    </form>
  );
}
