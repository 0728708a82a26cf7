import { MSG } from '@h5/contract/messages';
import { validatePasswordChange } from '@h5/contract/validation';
import { Button, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../shared/router/router';
import { endSession } from '../../shared/session/end-session';
import { TextInputField } from '../../shared/ui/form-field';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { useChangePassword } from './api';
import '../../shared/ui/panel.css';
import './profile.css';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** /password?type=1 (login password) or 2 (withdrawal password), docs/member-app.md "Screens and routes", "States and transitions" and "Validation rules". */
export function PasswordPage() {
  const [params] = useSearchParams();
  const type: 1 | 2 = params.get('type') === '2' ? 2 : 1;
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const submitOnce = useSubmitOnce();
  const kind = type === 1 ? '登录密码' : '取款密码';

  const field = (key: keyof typeof EMPTY) => ({
    look: 'row' as const,
    id: `password-${key}`,
    type: 'password' as const,
    value: form[key],
    autoComplete: key === 'oldPassword' ? 'current-password' : 'new-password',
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return submitOnce({
      check: () => {
        const problem = validatePasswordChange(form);
        // docs/member-app.md "Validation rules": 新旧密码不能一致！ clears the form.
        if (problem === MSG.passwordUnchanged) setForm(EMPTY);
        return problem;
      },
      send: async () => {
        await change.mutateAsync({ type, oldPassword: form.oldPassword, newPassword: form.newPassword });
        Toast.show({ icon: 'success', content: MSG.passwordChanged });
        // docs/member-app.md "States and transitions": a login password change clears the session and goes to /login (the server ended every session);
        // a withdrawal password change only clears the form.
        if (type === 1) endSession();
        else setForm(EMPTY);
      },
    });
  };

  return (
    <main className="page profile-page" aria-label={`修改${kind}`}>
      <h2 className="profile-heading">修改{kind}</h2>
      <form className="panel" aria-label={`修改${kind}`} onSubmit={(e) => void submit(e)} noValidate>
        <TextInputField label="旧密码" placeholder={MSG.oldPasswordRequired} {...field('oldPassword')} />
        <TextInputField label="新密码" placeholder={MSG.newPasswordRequired} {...field('newPassword')} />
        <TextInputField label="确认密码" placeholder={MSG.confirmPasswordRequired} {...field('confirmPassword')} />
        <Button block color="primary" size="large" type="submit" loading={change.isPending}>
          确认修改
        </Button>
      </form>
    </main>
  );
}
