import { useCallback, useState } from 'react';
import { CAPTCHA_CODES } from './captcha-codes';

function randomIndex(except?: number): number {
  if (CAPTCHA_CODES.length < 2) return 0;
  let next = Math.floor(Math.random() * CAPTCHA_CODES.length);
  while (next === except) next = Math.floor(Math.random() * CAPTCHA_CODES.length);
  return next;
}

/** docs/member-app.md "Validation rules": one of 21 fixed images chosen at random; `refresh` always shows a different one. */
export function useCaptcha() {
  const [index, setIndex] = useState(() => randomIndex());
  const refresh = useCallback(() => setIndex((current) => randomIndex(current)), []);
  return { index, code: CAPTCHA_CODES[index] ?? '', refresh };
}

export type Captcha = ReturnType<typeof useCaptcha>;

export function captchaSrc(index: number): string {
  return `./captcha/${String(index + 1).padStart(2, '0')}.svg`;
}
