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
    for (let i = 0; i < 8; i += 1) ids.push(await memberId(t, (await registerMember(t.app)).name));
    /** A conversation, and its lines in order: who wrote each and how many hours ago. */
    const conversation = async (
      values: Partial<typeof supportConversations.$inferInsert>,
      lines: [sender: 'member' | 'operator', hoursAgo: number][] = [['member', 0]],
    ) => {
      const [row] = await db
        .insert(supportConversations)
        .values({ memberId: ids.shift()!, ...values })
        .returning();
      for (const [sender, hoursAgo] of lines)
        await db.insert(supportMessages).values({
          conversationId: row!.id,
          sender,
          text: sender === 'member' ? '在吗' : '您好',
          createdAt: ago(hoursAgo),
        });
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
    // Waiting for an answer, held or not, from the first unanswered line: one nobody holds (90 minutes), one held and
    // unanswered (2 hours: held is not answered), one answered that the member wrote to again 15 minutes ago (its wait
    // runs from the new line, not the conversation's start 6 hours ago).
    await conversation({ state: 'open', createdAt: ago(1.5) }, [['member', 1.5]]);
    await conversation({ state: 'open', operator: 'desk01', createdAt: ago(2) }, [
      ['member', 2],
      ['member', 1],
    ]);
    await conversation({ state: 'open', createdAt: ago(6) }, [
      ['member', 6],
      ['operator', 5],
      ['member', 0.25],
    ]);
    // Not waiting: answered and held, and one where the member never wrote.
    await conversation({ state: 'open', operator: 'desk01', createdAt: ago(8) }, [
      ['member', 8],
      ['operator', 7],
    ]);
    await conversation({ state: 'open', createdAt: ago(9) }, []);

    expect(await stats()).toMatchObject({
      code: 200,
      data: { rating_average: '3.67', rating_count: 3, waiting: 3, oldest_waiting_seconds: 7200 },
    });
    for (const token of [ops.finance, ops.content])
      expect(await adminCall(t, token, 'GET', adminPath(adminEndpoints.supportDeskStats))).toMatchObject({
        code: BizCode.FORBIDDEN,
      });
  });
});
