import { describe, expect, it } from 'vitest';
import { beijingSecondOfDay, redpacketPhase } from './redpacket-phase';

const rules = [
  { start_time: '10:00', end_time: '11:00' },
  { start_time: '10:30', end_time: '12:00' },
];
const beijing = (hhmm: string) => new Date(`2025-03-04T${hhmm}:00+08:00`);

describe('redpacketPhase', () => {
  it('reads the Beijing time of day whatever the zone of the moment', () => {
    expect(beijingSecondOfDay(new Date('2025-03-04T16:30:00Z'))).toBe(30 * 60); // 00:30 the next Beijing day
    expect(beijingSecondOfDay(beijing('10:00'))).toBe(10 * 3600);
  });

  it('is not started before the first start, open until the last end (exclusive), then ended', () => {
    expect(redpacketPhase(rules, beijing('09:59'))).toBe('notStarted');
    expect(redpacketPhase(rules, beijing('10:00'))).toBe('open');
    expect(redpacketPhase(rules, beijing('11:59'))).toBe('open');
    expect(redpacketPhase(rules, beijing('12:00'))).toBe('ended');
    expect(redpacketPhase(rules, beijing('23:30'))).toBe('ended');
  });

  it('leaves the answer to the server without rules', () => {
    expect(redpacketPhase([], beijing('03:00'))).toBe('open');
  });
});
