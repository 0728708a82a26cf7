import type { Page } from 'playwright-core';

// How a console screen fits the window it is made for (docs/operators.md "Console": desktop first, 1280 px): every
// decision a row offers and every total of a report inside the window, and the page never scrolling sideways.

/** What one screen shows: its rows, its controls and totals outside the window (or cut by a scrolling box). */
export interface Fit {
  tables: number;
  rows: number;
  controls: number;
  totals: number;
  pageScrollsSideways: boolean;
  outside: string[];
  text: string;
}

/** Measures the screen as it is drawn: getBoundingClientRect of each row control and total cell. */
export function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // The right edge of what shows of an element: the window, or a scrolling box around it that is narrower.
    const visibleRight = (el: Element) => {
      let right = width;
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) {
          right = Math.min(right, box.getBoundingClientRect().right);
        }
      }
      return right;
    };
    const outside: string[] = [];
    const check = (els: Element[], what: string) => {
      for (const el of els) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0) continue; // not drawn (a closed part of the page)
        const right = visibleRight(el);
        if (rect.right > width + 0.5 || rect.right > right + 0.5) {
          const label = el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('role') || '?';
          outside.push(
            `${what} "${label.slice(0, 30)}" ends at ${Math.round(rect.right)} px, seen up to ${Math.round(right)} px`,
          );
        }
      }
    };
    const controls = [
      ...document.querySelectorAll(
        '.ant-table-tbody button, .ant-table-tbody [role="switch"], .ant-table-tbody a.ant-btn',
      ),
    ];
    const totals = [...document.querySelectorAll('.ant-table-summary td, .ant-table tfoot td')];
    check(controls, 'control');
    check(totals, 'total');
    return {
      tables: document.querySelectorAll('main .ant-table, .console-content .ant-table').length,
      rows: document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length,
      controls: controls.length,
      totals: totals.length,
      pageScrollsSideways: document.documentElement.scrollWidth > width,
      outside,
      text: document.body.innerText,
    };
  });
}

/** What a screen's fit says is wrong: sideways scrolling, a control or total out of sight, a table with no rows. */
export function fitProblems(screen: string, fit: Fit): string[] {
  return [
    ...(fit.pageScrollsSideways ? [`${screen}: the page scrolls sideways`] : []),
    ...fit.outside.map((what) => `${screen}: ${what}`),
    ...(fit.tables > 0 && fit.rows === 0 ? [`${screen}: no rows to measure`] : []),
  ];
}
