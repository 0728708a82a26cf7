import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, page, queueUntilDecided, renderScreen, signInAs } from '../../test/render';
import { refuseWithReason } from '../../test/review';
import AgentApplicationsPage from './agent-applications-page';
import PromotionApplicationsPage from './promotion-applications-page';

const promotionApplication = {
  id: 31,
  member_id: 7,
  username: 'player01',
  promotion_id: 2,
  activity_name: '首存加赠 20%',
  state: 1,
  note: '',
  reviewed_by: '',
  reviewed_at: null,
  created_at: '2026-11-25 12:00:00',
};
const agentApplication = {
  id: 41,
  member_id: 8,
  username: 'partner01',
  mobile: '13900002222',
  apply_info: '有 200 人的社群',
  state: 1,
  note: '',
  reviewed_by: '',
  reviewed_at: null,
  created_at: '2026-11-25 12:30:00',
};

describe('优惠申请', () => {
  it('lists pending applications and approves one after a confirm', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi(
      queueUntilDecided(
        'GET /admin/api/activity-applications',
        promotionApplication,
        'POST /admin/api/activity-applications/31/approve',
        ok({ ...promotionApplication, state: 2, reviewed_by: 'editor' }),
      ),
    );
    renderScreen(<PromotionApplicationsPage />);
    const line = (await screen.findByText('首存加赠 20%')).closest('tr') as HTMLElement;
    expect(within(line).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    await userEvent.click(within(line).getByRole('button', { name: '通过' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('暂无待审核的优惠申请')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls[0]?.query.get('state')).toBe('1');
  });
});

describe('代理申请', () => {
  it('shows what the member wrote and rejects with a reason', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({
      'GET /admin/api/agent-applications': () => ok(page([agentApplication])),
      'POST /admin/api/agent-applications/41/reject': () => ok({ ...agentApplication, state: 3, note: '资料不全' }),
    });
    renderScreen(<AgentApplicationsPage />);
    const line = (await screen.findByText('有 200 人的社群')).closest('tr') as HTMLElement;
    expect(within(line).getByText('13900002222')).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    await refuseWithReason(dialog, '资料不全', calls);
  });
});
