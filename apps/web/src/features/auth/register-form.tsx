import { CAPTCHA_LENGTH } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { validateRegister } from '@h5/contract/validation';
import { Button, Checkbox, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useRegisterMutation } from './api';
import { CaptchaImage } from './captcha-image';
import { ICONS, TextField } from './text-field';
import type { Captcha } from './use-captcha';

const EMPTY = { name: '', password: '', confirmPass: '', realname: '', paypassword: '', code: '' };
type Values = typeof EMPTY;

interface RegisterFormProps {
  captcha: Captcha;
  referral: string | undefined;
  onSuccess: () => void;
  /** The alternate /register view also asks to agree to the terms (SPEC 2, SPEC 5). */
  withTerms?: boolean;
}

export function RegisterForm({ captcha, referral, onSuccess, withTerms = false }: RegisterFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const mutation = useRegisterMutation();
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  // SPEC 5: the register button is disabled until all six fields are filled.
  const filled = Object.values(values).every((v) => v !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateRegister(values, { expectedCaptcha: captcha.code, agreed: withTerms ? agreed : undefined });
    if (message) {
      Toast.show({ content: message });
      if (message === MSG.captchaWrong) {
        // SPEC 5: a wrong captcha clears the field and picks a new image.
        setValues((v) => ({ ...v, code: '' }));
        captcha.refresh();
      }
      return;
    }
    mutation.mutate({ ...values, ...(referral ? { pid: referral } : {}) }, { onSuccess });
  };

  return (
    <form className="auth-form" aria-label="注册" onSubmit={submit} noValidate>
      <TextField
        id="reg-name"
        label="用户名"
        icon={ICONS.user}
        placeholder="请输入用户名"
        autoComplete="username"
        value={values.name}
        onChange={set('name')}
      />
      <TextField
        id="reg-password"
        label="密码"
        icon={ICONS.lock}
        type="password"
        placeholder="请输入密码"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
      />
      <TextField
        id="reg-confirm"
        label="确认密码"
        icon={ICONS.lock}
        type="password"
        placeholder="请再次输入密码"
        autoComplete="new-password"
        value={values.confirmPass}
        onChange={set('confirmPass')}
      />
      <TextField
        id="reg-realname"
        label="真实姓名"
        icon={ICONS.id}
        placeholder="请输入真实姓名"
        autoComplete="name"
        value={values.realname}
        onChange={set('realname')}
      />
      <TextField
        id="reg-paypassword"
        label="支付密码"
        icon={ICONS.shield}
        type="password"
        placeholder="请输入支付密码"
        autoComplete="off"
        value={values.paypassword}
        onChange={set('paypassword')}
      />
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
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        disabled={!filled}
        loading={mutation.isPending}
        loadingText="注册中"
      >
        注册
      </Button>
    </form>
  );
}
