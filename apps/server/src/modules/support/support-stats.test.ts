import { adminEndpoints, adminPath, BizCode, type SupportDeskStats } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { supportConversations, supportMessages } from '../../db/tables/support';
import { adminCall, manualClock, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';

const clock = manualClock(new Date('2026-06-10T04:00:00Z'));
const t = useTestApp({ clock });
const ops = useOperators(t, { desk: 'support', finance: 'finance', content: 'content' });

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(clock.now().getTime() - hours * HOUR);

describe('仪表盘: the desk’s figures', () => {
  it('averages the ratings of conversations ended in the last 7 days and counts who waits, with the oldest wait', async () => {
    const stats = () => adminCall<SupportDeskStats>(t, ops.desk, 'GET', adminPath(adminEndpoints.supportDeskStats));
    expect((await stats()).data).toEqual({
      rating_average: null,
      rating_count: 0,
      waiting: 0,
      oldest_waiting_seconds: 0,
    });

    const db = t.database.db;
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await memberId(t, (await registerMember(t.app)).name));
    const conversation = async (values: Partial<typeof supportConversations.$inferInsert>, wrote = true) => {
      const [row] = await db
        .insert(supportConversations)
        .values({ memberId: ids.shift()!, ...values })
        .returning();
      if (wrote) await db.insert(supportMessages).values({ conversationId: row!.id, sender: 'member', text: '在吗' });
      return row!;
    };
    // Ended in the window: 5, 4 and 2 (an unrated one does not count); ended 8 days ago: not counted.
    await conversation({ state: 'closed', closedAt: ago(1), rating: 5, createdAt: ago(2) });
    await conversation({ state: 'closed', closedAt: ago(24 * 6), rating: 4, createdAt: ago(24 * 6 + 1) });
    await db.insert(supportConversations).values([
      { memberId: null, visitorId: 'v1', state: 'closed', closedAt: ago(30), rating: 2, createdAt: ago(31) },
      { memberId: null, visitorId: 'v2', state: 'closed', closedAt: ago(3), rating: null, createdAt: ago(4) },
      { memberId: null, visitorId: 'v3', state: 'closed', closedAt: ago(24 * 8), rating: 1, createdAt: ago(24 * 8) },
    ]);
    // Waiting: two nobody holds (the older 90 minutes), one held, one where the member never wrote.
    await conversation({ state: 'open', createdAt: ago(1.5) });
    await conversation({ state: 'open', createdAt: ago(0.25) });
    await conversation({ state: 'open', operator: 'desk01', createdAt: ago(5) });
    await conversation({ state: 'open', createdAt: ago(9) }, false);

    expect(await stats()).toMatchObject({
      code: 200,
      data: { rating_average: '3.67', rating_count: 3, waiting: 2, oldest_waiting_seconds: 5400 },
    });
    for (const token of [ops.finance, ops.content])
      expect(await adminCall(t, token, 'GET', adminPath(adminEndpoints.supportDeskStats))).toMatchObject({
        code: BizCode.FORBIDDEN,
      });
  });
});
