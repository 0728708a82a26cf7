import { MSG } from '@h5/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast, tapExpectingToast } from '../../shared/test/toast';
import { PasswordPage } from './password-page';
import { UserCentPage } from './user-cent-page';
import { UserInfoPage } from './user-info-page';
import { expectSessionEnded, signIn } from '../../shared/test/member';

const calls = (fetch: { mock: { calls: unknown[][] } }, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => init as RequestInit);

describe('/userInfo', () => {
  beforeEach(() => signIn());

  it('shows validateProfile messages in order: mobile, email, birthday; nothing is sent', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({ '/api/user': () => ok(USER) });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    expect(await screen.findByLabelText('用户名')).toHaveTextContent('player01');
    expect(screen.getByLabelText('真实姓名')).toHaveTextContent('张三');
    const save = screen.getByRole('button', { name: '确认修改' });

    await user.type(screen.getByLabelText('手机号'), '15412345678');
    await tapExpectingToast(user, save, MSG.mobileInvalid);

    await user.clear(screen.getByLabelText('手机号'));
    await user.type(screen.getByLabelText('手机号'), '13812345678');
    await user.type(screen.getByLabelText('邮箱'), 'not-an-email');
    await tapExpectingToast(user, save, MSG.emailInvalid);

    await user.clear(screen.getByLabelText('邮箱'));
    await user.type(screen.getByLabelText('邮箱'), 'me@example.com');
    await user.click(save);
    expect(await findToast(MSG.birthdayInvalid)).toBeInTheDocument();
    expect(calls(fetch, '/api/updateuserinfo')).toHaveLength(0);
  });

  it('saves mobile, email and birthday and shows the success toast', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn({ birthday: '1990-05-06' });
    const fetch = mockApi({
      '/api/user': () => ok({ ...USER, birthday: '1990-05-06' }),
      '/api/updateuserinfo': () => ok(null, MSG.ok),
    });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    expect(await screen.findByRole('button', { name: '生日：1990-05-06' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('手机号'), '13812345678');
    await user.type(screen.getByLabelText('邮箱'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await findToast(MSG.ok)).toBeInTheDocument();
    const [sent] = calls(fetch, '/api/updateuserinfo');
    expect(JSON.parse(String(sent?.body))).toEqual({
      mobile: '13812345678',
      email: 'me@example.com',
      birthday: '1990-05-06',
    });
  });

  it('fills the form from the server when the stored copy is older than the last save', async () => {
    signIn({ mobile: '', email: '', birthday: '' });
    mockApi({
      '/api/user': () => ok({ ...USER, mobile: '13912345678', email: 'me@example.com', birthday: '1990-01-01' }),
    });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    await waitFor(() => expect(screen.getByLabelText('手机号')).toHaveValue('13912345678'));
    expect(screen.getByLabelText('邮箱')).toHaveValue('me@example.com');
    expect(screen.getByRole('button', { name: '生日：1990-01-01' })).toBeInTheDocument();
  });

  it('keeps what the member has begun typing when the server answers later', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let answer: (envelope: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/api/user': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    await user.type(await screen.findByLabelText('手机号'), '13812345678');
    answer(ok({ ...USER, mobile: '13912345678' }));
    await waitFor(() => expect(useSessionStore.getState().userInfo?.mobile).toBe('13912345678'));
    expect(screen.getByLabelText('手机号')).toHaveValue('13812345678');
  });

  it('uploads a png as multipart form data, then refreshes the user info', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({
      '/api/user': () => ok({ ...USER, avatar: 'http://h5.test/uploads/new.png' }),
      '/api/uploadimg': () => ok({ avatar: 'http://h5.test/uploads/new.png' }, MSG.ok),
    });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    const input = await screen.findByLabelText('上传头像');
    expect(input).toHaveAttribute('accept', 'image/gif,image/png');
    const userCallsBefore = calls(fetch, '/api/user').length;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(calls(fetch, '/api/uploadimg')).toHaveLength(1));
    const [sent] = calls(fetch, '/api/uploadimg');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(((sent?.body as FormData).get('file') as File).name).toBe('me.png');
    await waitFor(() => expect(calls(fetch, '/api/user').length).toBeGreaterThan(userCallsBefore));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute('src', 'http://h5.test/uploads/new.png'),
    );
  });

  it('refuses a file that is neither gif nor png without calling the server', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0, applyAccept: false });
    const fetch = mockApi({ '/api/user': () => ok(USER) });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    await user.upload(await screen.findByLabelText('上传头像'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await findToast(MSG.uploadTypeInvalid)).toBeInTheDocument();
    expect(calls(fetch, '/api/uploadimg')).toHaveLength(0);
  });

  it('answers a 401 of the upload with the 认证失败 dialog and the login page, as every call does', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({
      '/api/user': () => ok(USER),
      '/api/uploadimg': () => ({ code: 401, message: '未登录', data: null }),
    });
    renderPage(<UserInfoPage />, { route: '/userInfo' });
    const input = await screen.findByLabelText('上传头像');
    await user.upload(input, new File([new Uint8Array([0x47, 0x49, 0x46])], 'me.gif', { type: 'image/gif' }));
    await expectSessionEnded();
  });
});

describe('/userCent', () => {
  it('links to the profile, the cards, both password forms and 理性娱乐', () => {
    renderPage(<UserCentPage />, { route: '/userCent' });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/userInfo', '/wallet', '/password?type=1', '/password?type=2', '/responsible']);
  });

  it('links to 理性娱乐 for a signed-in member', () => {
    signIn();
    mockApi({});
    renderPage(<UserCentPage />, { route: '/userCent' });
    expect(screen.getByRole('link', { name: /理性娱乐/ })).toHaveAttribute('href', '/responsible');
  });
});

describe('/password', () => {
  beforeEach(() => signIn());

  async function fill(
    user: ReturnType<typeof userEvent.setup>,
    values: { old?: string; next?: string; confirm?: string },
  ) {
    for (const [label, value] of [
      ['旧密码', values.old],
      ['新密码', values.next],
      ['确认密码', values.confirm],
    ] as const) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  }

  it('shows validatePasswordChange messages in order and clears the form on 新旧密码不能一致！', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({});
    renderPage(<PasswordPage />, { route: '/password?type=1' });
    expect(screen.getByRole('heading', { name: '修改登录密码' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: '确认修改' });
    const steps: Array<[{ old?: string; next?: string; confirm?: string }, string]> = [
      [{}, MSG.oldPasswordRequired],
      [{ old: 'abc' }, MSG.newPasswordRequired],
      [{ old: 'abc', next: 'abc' }, MSG.confirmPasswordRequired],
      [{ old: 'abc', next: 'abc', confirm: 'abc' }, MSG.oldPasswordLength],
      [{ old: 'secret123', next: 'abc', confirm: 'abc' }, MSG.newPasswordLength],
      [{ old: 'secret123', next: 'newpass1', confirm: 'newpass2' }, MSG.passwordMismatch],
    ];
    for (const [values, message] of steps) {
      await fill(user, values);
      await tapExpectingToast(user, submit, message);
    }
    // The form keeps its values for every message but the last rule's.
    expect(screen.getByLabelText('旧密码')).toHaveValue('secret123');

    await fill(user, { old: 'secret123', next: 'secret123', confirm: 'secret123' });
    await user.click(submit);
    expect(await findToast(MSG.passwordUnchanged)).toBeInTheDocument();
    for (const label of ['旧密码', '新密码', '确认密码']) expect(screen.getByLabelText(label)).toHaveValue('');
    expect(calls(fetch, '/api/editPassword')).toHaveLength(0);
  });

  it('type 1 success: 密码修改成功！, the session is cleared and the member goes to /login', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({ '/api/editPassword': () => ok(null, MSG.passwordChanged) });
    renderPage(<PasswordPage />, { route: '/password?type=1' });
    await fill(user, { old: 'secret123', next: 'newpass1', confirm: 'newpass1' });
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await findToast(MSG.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    const [sent] = calls(fetch, '/api/editPassword');
    expect(JSON.parse(String(sent?.body))).toEqual({ password: 'secret123', paypassword: 'newpass1' });
  });

  it('type 2 success: 密码修改成功！ and the form clears; the session stays', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({ '/api/editPayPassword': () => ok(null, MSG.passwordChanged) });
    renderPage(<PasswordPage />, { route: '/password?type=2' });
    expect(screen.getByRole('heading', { name: '修改取款密码' })).toBeInTheDocument();
    await fill(user, { old: 'pay123456', next: 'pay654321', confirm: 'pay654321' });
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await findToast(MSG.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('旧密码')).toHaveValue(''));
    expect(screen.getByLabelText('新密码')).toHaveValue('');
    expect(sessionStorage.getItem('token')).toBe('tok');
    const [sent] = calls(fetch, '/api/editPayPassword');
    expect(JSON.parse(String(sent?.body))).toEqual({ password: 'pay123456', paypassword: 'pay654321' });
  });

  it('shows the server message for a wrong old password and keeps the session', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({ '/api/editPassword': () => ({ code: 205, message: MSG.wrongOldPassword, data: null }) });
    renderPage(<PasswordPage />, { route: '/password?type=1' });
    await fill(user, { old: 'wrong123', next: 'newpass1', confirm: 'newpass1' });
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await findToast(MSG.wrongOldPassword)).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok');
  });
});
