const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Wire timestamps are Beijing-time strings "YYYY-MM-DD HH:mm:ss" (docs/wire-rules.md "Wire details"). */
export function formatBeijing(date: Date): string {
  const d = new Date(date.getTime() + BEIJING_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The Beijing calendar day of an instant, 'YYYY-MM-DD' (Beijing keeps no daylight saving). */
export const beijingDay = (at: Date): string => formatBeijing(at).slice(0, 10);

/** Whole Beijing calendar days from `from` to `to` (0 on the same day). */
export function beijingDaysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Math.floor((d.getTime() + BEIJING_OFFSET_MS) / 86_400_000);
  return Math.max(0, day(to) - day(from));
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
