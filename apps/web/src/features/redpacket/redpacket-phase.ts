const DAY_SECONDS = 24 * 3600;
const BEIJING_OFFSET_SECONDS = 8 * 3600;

/** 'HH:mm' (or 'HH:mm:ss') to seconds since midnight; unreadable parts count as 0. */
export function clockSeconds(hhmm: string): number {
  const [h = 0, m = 0, s = 0] = hhmm.split(':').map((part) => Number(part) || 0);
  return h * 3600 + m * 60 + s;
}

/** Seconds since the Beijing (UTC+8, no daylight saving) midnight of `at`, whatever the browser's zone. */
export function beijingSecondOfDay(at: Date): number {
  const seconds = Math.floor(at.getTime() / 1000) + BEIJING_OFFSET_SECONDS;
  return ((seconds % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
}

export type RedpacketPhase = 'notStarted' | 'open' | 'ended';

/**
 * docs/member-app.md "States and transitions", the red packet's other dialogs (not started, ended): before the first rule's start it has not started today, from the
 * last rule's end (exclusive, as on the server) it has ended. Without rules the server has the last word.
 */
export function redpacketPhase(rules: readonly { start_time: string; end_time: string }[], now: Date): RedpacketPhase {
  if (rules.length === 0) return 'open';
  const second = beijingSecondOfDay(now);
  const start = Math.min(...rules.map((r) => clockSeconds(r.start_time)));
  const end = Math.max(...rules.map((r) => clockSeconds(r.end_time)));
  if (second < start) return 'notStarted';
  if (second >= end) return 'ended';
  return 'open';
}
