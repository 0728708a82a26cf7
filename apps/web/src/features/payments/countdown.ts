import { DEPOSIT_WINDOW_MINUTES } from '@h5/contract/codes';
import { useEffect, useState } from 'react';

const BEIJING_OFFSET_HOURS = 8;
const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * A wire timestamp 'YYYY-MM-DD HH:mm:ss' read as Beijing time (UTC+8, no daylight saving), whatever the browser's
 * zone is (docs/wire-rules.md "Wire details"). Answers epoch milliseconds, or null when unreadable.
 */
export function parseBeijingTime(stamp: string): number | null {
  const match = STAMP.exec(stamp.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h - BEIJING_OFFSET_HOURS, mi, s);
}

/** docs/member-app.md "Constants and limits": the payment window closes 60 minutes after the deposit was created. */
export function paymentDeadline(createdAt: string): number | null {
  const start = parseBeijingTime(createdAt);
  return start === null ? null : start + DEPOSIT_WINDOW_MINUTES * 60_000;
}

/** Milliseconds as MM:SS (minutes may pass 59 only if the clock is behind the server). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Milliseconds left until `deadline`, ticking every second; the timer stops for good at 0 (docs/member-app.md "States and transitions"). */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline && timer !== undefined) clearInterval(timer);
    };
    // Read the clock once now: the deadline may arrive long after mount (the pay info loads first).
    tick();
    if (Date.now() < deadline) timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}
