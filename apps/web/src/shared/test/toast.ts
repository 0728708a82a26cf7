import { getDefaultNormalizer, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { expect } from 'vitest';

/** Finds a toast by its exact text, untrimmed (the messages of docs/member-app.md "Validation rules" keep their odd spacing, e.g. ' 用户名…'). */
export function findToast(text: string) {
  return screen.findByText(text, { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) });
}

export function clearToasts() {
  Toast.clear();
}

/** Taps `target` and finds the toast `text`, then clears it for the next step (a form's checks, one after another). */
export async function tapExpectingToast(user: UserEvent, target: Element, text: string) {
  await user.click(target);
  expect(await findToast(text)).toBeInTheDocument();
  clearToasts();
}
