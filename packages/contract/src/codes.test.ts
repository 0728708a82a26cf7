import { describe, expect, it } from 'vitest';
import {
  GAME_CATEGORIES,
  VENUE_WALLET,
  betStatusLabel,
  gameCategoryIndex,
  periodLabel,
  periodRange,
  promotionApplyStateLabel,
  transactionStateLabel,
  transactionTypeLabel,
} from './codes';

describe('labels', () => {
  it('labels bet status', () => {
    expect([0, 1, 2].map(betStatusLabel)).toEqual(['无效', '已结算', '未结算']);
  });

  it('labels promotion application states, with 0, 4 and others unspecified', () => {
    expect([1, 2, 3].map(promotionApplyStateLabel)).toEqual(['待审核', '已通过', '已拒绝']);
    expect([0, 4, 9, -1].map(promotionApplyStateLabel)).toEqual(['未定义', '未定义', '未定义', '未定义']);
  });

  it('labels deposit and withdrawal states from one table and transfers from the other', () => {
    expect([0, 1, 2, 3].map((s) => transactionStateLabel(1, s))).toEqual(['未定义', '待审核', '审核通过', '审核拒绝']);
    expect([0, 1, 2, 3].map((s) => transactionStateLabel(2, s))).toEqual(['未定义', '待审核', '审核通过', '审核拒绝']);
    expect([0, 1, 2, 3].map((s) => transactionStateLabel(3, s))).toEqual(['失败', '成功', '待结算', '未定义']);
    expect([0, 1, 2, 3].map((s) => transactionStateLabel(4, s))).toEqual(['失败', '成功', '待结算', '未定义']);
    expect(transactionStateLabel(5, 1)).toBe('未定义');
  });

  it('labels transaction types and periods', () => {
    expect([1, 2, 3, 4].map(transactionTypeLabel)).toEqual(['存款', '取款', '转入', '转出']);
    expect([1, 2, 3, 4].map(periodLabel)).toEqual(['今天', '近7天', '近15天', '近30天']);
  });
});

describe('periodRange', () => {
  it('starts today at Beijing midnight, which is 16:00 UTC the day before', () => {
    const now = new Date('2024-03-10T02:00:00Z'); // 10:00 in Beijing
    const { from, to } = periodRange(1, now);
    expect(from.toISOString()).toBe('2024-03-09T16:00:00.000Z');
    expect(to.getTime()).toBe(now.getTime());
  });

  it('moves to the next Beijing day at 16:00 UTC exactly', () => {
    expect(periodRange(1, new Date('2024-03-10T15:59:59.999Z')).from.toISOString()).toBe('2024-03-09T16:00:00.000Z');
    expect(periodRange(1, new Date('2024-03-10T16:00:00.000Z')).from.toISOString()).toBe('2024-03-10T16:00:00.000Z');
  });

  it('counts today as one of the last N days', () => {
    const now = new Date('2024-03-10T16:30:00Z'); // 00:30 on 11 March in Beijing
    expect(periodRange(2, now).from.toISOString()).toBe('2024-03-04T16:00:00.000Z');
    expect(periodRange(3, now).from.toISOString()).toBe('2024-02-25T16:00:00.000Z');
    expect(periodRange(4, now).from.toISOString()).toBe('2024-02-10T16:00:00.000Z');
  });

  it('treats an unknown period as today', () => {
    const now = new Date('2024-03-10T02:00:00Z');
    expect(periodRange(0, now)).toEqual(periodRange(1, now));
    expect(periodRange(7, now)).toEqual(periodRange(1, now));
  });
});

describe('game categories', () => {
  it('orders the sidebar as live casino, sports, esports, board games, slots, lottery', () => {
    expect(GAME_CATEGORIES.map((c) => c.id)).toEqual(['realbet', 'sport', 'gaming', 'joker', 'concise', 'lottery']);
    expect(GAME_CATEGORIES.map((c) => c.name)).toEqual([
      '真人视讯',
      '体育赛事',
      '电子竞技',
      '棋牌游戏',
      '电子游艺',
      '彩票游戏',
    ]);
    for (const c of GAME_CATEGORIES) expect(['桌', '场', '款']).toContain(c.unit);
  });

  it('maps category_id to its sidebar index', () => {
    expect(gameCategoryIndex('concise')).toBe(4);
    expect(gameCategoryIndex('unknown')).toBe(-1);
  });

  it('names the platform wallet userbalance', () => {
    expect(VENUE_WALLET).toBe('userbalance');
  });
});
