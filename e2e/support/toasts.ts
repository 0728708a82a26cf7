import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

// The toasts of the member app (antd-mobile) and of the console (antd's message), waited for the same way: every
// toast a page shows is recorded as it appears, because a toast lasts two or three seconds and on a busy machine a
// write can take longer than that to answer, or the page longer than that to be looked at.

/** What a toast is drawn as: antd-mobile's Toast in the member app, antd's message in the console. */
export const TOAST_SELECTOR = {
  member: '.adm-toast-main',
  console: '.ant-message-notice',
} as const;

/**
 * How a wait matches a recorded toast: the member app's toasts are the documented strings, matched whole; the console's
 * messages carry amounts and counts around their fixed part, which is what a journey names.
 */
const MATCH = { member: 'whole', console: 'part' } as const;

/** Runs in the page: records the text of each toast shown (and each new text an open toast is given), in order. */
function recordToasts({ selector, match }: { selector: string; match: string }) {
  const seen: string[] = [];
  const shown = new WeakMap<Element, string>();
  Object.assign(window, { __toasts: seen, __toastMatch: match });
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll(selector)) {
      const text = toast.textContent ?? '';
      if (text && shown.get(toast) !== text) {
        shown.set(toast, text);
        seen.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Records the toasts of every page the context opens (a fresh record at each page load). */
export async function recordToastsOf(context: BrowserContext, app: keyof typeof TOAST_SELECTOR) {
  await context.addInitScript(recordToasts, { selector: TOAST_SELECTOR[app], match: MATCH[app] });
}

/**
 * Waits for a toast of this text (the whole of a member app toast, part of a console message) among those shown since the last one a journey waited for, and takes it
 * and those before it off the record, so that the next wait sees only later toasts. A write on a cold server, or any
 * write on a busy machine, can take many seconds; a failure says what the page showed instead.
 */
export async function expectToast(page: Page, text: string) {
  try {
    await expect
      .poll(
        () =>
          page.evaluate((wanted) => {
            const page = window as unknown as { __toasts?: string[]; __toastMatch?: string };
            const seen = page.__toasts ?? [];
            const at = seen.findIndex((shown) =>
              page.__toastMatch === 'part' ? shown.includes(wanted) : shown.trim() === wanted,
            );
            if (at < 0) return seen.join(' | ');
            seen.splice(0, at + 1);
            return wanted;
          }, text),
        { timeout: 30_000 },
      )
      .toBe(text);
  } catch (error) {
    const dialogs = (await page.getByRole('dialog').allInnerTexts()).join(' | ').replace(/\s+/g, ' ');
    throw new Error(`${(error as Error).message}\nno toast ${text}; open dialogs: ${dialogs.slice(0, 600) || 'none'}`);
  }
}
