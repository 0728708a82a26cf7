import { MSG } from '@h5/contract/messages';
import { validateProfile } from '@h5/contract/validation';
import { Button, DatePicker, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useUserInfo } from '../../shared/session/hooks';
import { TextInputField } from '../../shared/ui/form-field';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { PageLoading } from '../../shared/ui/page-loading';
import { useUpdateProfile, useUploadAvatar } from './api';
import '../../shared/ui/panel.css';
import './profile.css';

/** The generated default avatar (apps/server/public/art), shown while a member has none. */
const DEFAULT_AVATAR = '/art/avatar-default.svg';
/** docs/member-app.md "Constants and limits": birthday minimum date 1980-01-01. */
const BIRTHDAY_MIN = new Date(1980, 0, 1);
/** docs/member-app.md "Screens and routes" and "Constants and limits": uploads accept gif or png (the server checks the content again). */
const AVATAR_TYPES = ['image/gif', 'image/png'];
const AVATAR_MAX_BYTES = 1024 * 1024;

/** /userInfo (docs/member-app.md "Screens and routes"): avatar upload, username and real name read-only, birthday, mobile and email. */
export function UserInfoPage() {
  const user = useUserInfo();
  const save = useUpdateProfile();
  const upload = useUploadAvatar();
  const [form, setForm] = useState({ mobile: '', email: '', birthday: '' });
  const [picking, setPicking] = useState(false);
  const edited = useRef(false);
  const filledFromServer = useRef(false);
  const submitOnce = useSubmitOnce();
  const edit = (change: Partial<typeof form>) => {
    edited.current = true;
    setForm((f) => ({ ...f, ...change }));
  };

  // The form starts from the locally stored copy, then takes the server's answer once, unless the member has
  // begun typing: the stored copy can be older than the last save (a reload before its refresh came back).
  useEffect(() => {
    if (!user.data || edited.current || filledFromServer.current) return;
    filledFromServer.current = user.isFetchedAfterMount;
    setForm({ mobile: user.data.mobile, email: user.data.email, birthday: user.data.birthday });
  }, [user.data, user.isFetchedAfterMount]);

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      Toast.show({ content: MSG.uploadTypeInvalid });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      Toast.show({ content: MSG.uploadTooLarge });
      return;
    }
    try {
      await upload.mutateAsync(file);
      Toast.show({ icon: 'success', content: MSG.ok });
    } catch {
      // The server's message has been shown.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { mobile: form.mobile.trim(), email: form.email.trim(), birthday: form.birthday.trim() };
    return submitOnce({
      check: () => validateProfile(input),
      send: async () => {
        const message = await save.mutateAsync(input);
        Toast.show({ icon: 'success', content: message || MSG.ok });
      },
    });
  };

  const field = (key: 'mobile' | 'email') => ({
    look: 'row' as const,
    id: `profile-${key}`,
    value: form[key],
    onChange: (value: string) => edit({ [key]: value }),
  });

  if (!user.data) return <PageLoading />;
  const info = user.data;
  const birthdayValue = form.birthday && dayjs(form.birthday).isValid() ? dayjs(form.birthday).toDate() : undefined;

  return (
    <main className="page profile-page" aria-label="个人资料">
      <section className="profile-avatar-row" aria-label="头像">
        <img className="profile-avatar" src={info.avatar || DEFAULT_AVATAR} alt="头像" width={72} height={72} />
        <label className="profile-avatar-change">
          {upload.isPending ? '上传中…' : '更换头像'}
          <input
            type="file"
            accept="image/gif,image/png"
            aria-label="上传头像"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => void pickAvatar(e)}
          />
        </label>
      </section>

      <form className="panel" aria-label="个人资料" onSubmit={(e) => void submit(e)} noValidate>
        <div className="row-field">
          <span className="row-label">用户名</span>
          <span className="profile-readonly" aria-label="用户名">
            {info.username}
          </span>
        </div>
        <div className="row-field">
          <span className="row-label">真实姓名</span>
          <span className="profile-readonly" aria-label="真实姓名">
            {info.realname}
          </span>
        </div>
        <div className="row-field">
          <span className="row-label" id="profile-birthday-label">
            生日
          </span>
          <button
            type="button"
            className="profile-picker"
            aria-haspopup="dialog"
            aria-label={`生日：${form.birthday || '请选择'}`}
            onClick={() => setPicking(true)}
          >
            <span className={form.birthday ? '' : 'profile-placeholder'}>{form.birthday || '请选择生日'}</span>
          </button>
        </div>
        <TextInputField label="手机号" type="tel" placeholder="请输入手机号" {...field('mobile')} />
        <TextInputField label="邮箱" type="email" placeholder="请输入邮箱" {...field('email')} />
        <Button block color="primary" size="large" type="submit" loading={save.isPending}>
          确认修改
        </Button>
      </form>

      <DatePicker
        title="选择生日"
        visible={picking}
        min={BIRTHDAY_MIN}
        max={new Date()}
        defaultValue={birthdayValue ?? new Date(1990, 0, 1)}
        precision="day"
        onClose={() => setPicking(false)}
        onConfirm={(date) => edit({ birthday: dayjs(date).format('YYYY-MM-DD') })}
      />
    </main>
  );
}
