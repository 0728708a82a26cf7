import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_INFO } from '../shared/site/use-site-info';
import { mockApi, ok } from '../shared/test/render';
import { renderApp } from './test-app';

// A file of its own: a lazy screen, once loaded, renders at once in every later test of a file, and the first test
// here must see /login before its form's chunk has arrived.
describe('/login and /register frame', () => {
  it('is drawn from the entry: the site title shows while the form is still loading, under the tab it names', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, title: '星河体育' }) });
    renderApp('/login?type=1');
    // Before the form's chunk has arrived: the frame, its way home and the loader inside its card.
    expect(screen.getByRole('main', { name: '注册' })).toBeInTheDocument();
    expect(screen.getByText('体育娱乐')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await screen.findByText('星河体育')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: '登录' }));
    expect(screen.getByRole('main', { name: '登录' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('names /register after itself', async () => {
    renderApp('/register');
    expect(screen.getByRole('main', { name: '注册' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '注册' })).toBeInTheDocument();
  });
});
