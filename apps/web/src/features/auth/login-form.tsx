import { validateLogin } from '@h5/contract/auth-validation';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../shared/ui/feedback';
import { useLoginMutation } from './api';
import { ICONS, SubmitButton, TextField } from './text-field';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useLoginMutation();
  const filled = name !== '' && password !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateLogin({ name, password });
    if (message) {
      showToast({ content: message });
      return;
    }
    mutation.mutate({ name, password }, { onSuccess });
  };

  return (
    <form className="auth-form" aria-label="登录" onSubmit={submit} noValidate>
      <TextField
        id="login-name"
        label="账号"
        icon={ICONS.user}
        placeholder="请输入账号"
        autoComplete="username"
        value={name}
        onChange={setName}
      />
      <TextField
        id="login-password"
        label="密码"
        icon={ICONS.lock}
        type="password"
        placeholder="请输入密码"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <SubmitButton label="登录" disabled={!filled} busy={mutation.isPending} />
    </form>
  );
}
