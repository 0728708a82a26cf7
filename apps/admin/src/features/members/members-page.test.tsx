import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memberRow } from '../../test/fixtures';
import { mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import MembersPage from './members-page';

describe('会员管理', () => {
  it('searches by username, real name, mobile and registration IP, and links each member to its page', async () => {
    signInAs('finance');
    const { calls } = mockApi({ 'GET /admin/api/members': () => ok(page([memberRow()])) });
    renderScreen(<MembersPage />, { route: '/members' });
    expect(await screen.findByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    expect(screen.getByText('1,234.50')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('用户名'), 'play');
    await userEvent.type(screen.getByLabelText('真实姓名'), '王');
    await userEvent.type(screen.getByLabelText('手机号'), '138');
    await userEvent.type(screen.getByLabelText('注册IP'), '10.1.');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByTestId('location');
    const last = () => calls.at(-1)?.query;
    await expect.poll(() => last()?.get('register_ip')).toBe('10.1.');
    expect(last()?.get('username')).toBe('play');
    expect(last()?.get('realname')).toBe('王');
    expect(last()?.get('mobile')).toBe('138');
    expect(screen.getByTestId('location').textContent).toContain('username=play');
  });

  it('says so when nobody matches', async () => {
    signInAs('content', 'editor');
    mockApi({ 'GET /admin/api/members': () => ok(page([])) });
    renderScreen(<MembersPage />, { route: '/members?username=nobody' });
    expect(await screen.findByText('没有找到符合条件的会员')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveValue('nobody');
  });
});
