import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

// The accessibility scans of the member app and of the console: axe-core's WCAG 2 A and AA rules, measured on a
// page at rest.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until nothing on the page is moving: no CSS animation or transition running (endless spinners and marquees
 * aside), no inline style of an antd-mobile component changing between two looks 100 ms apart (its dialogs and
 * masks are animated by script, through inline styles), and no loading placeholder left.
 */
export async function settled(page: Page) {
  // The window survives an in-app (hash) navigation: forget the previous screen's look, or its last sample could
  // match a screen that has not drawn its dialog yet.
  await page.evaluate(() => delete (window as unknown as { lastInlineStyles?: string }).lastInlineStyles);
  await page.waitForFunction(
    () => {
      const memory = window as unknown as { lastInlineStyles?: string };
      const scripted = document.querySelectorAll('[class*="adm-"][style]');
      const styles = Array.from(scripted, (e) => e.getAttribute('style')).join('|');
      const still = memory.lastInlineStyles === styles;
      memory.lastInlineStyles = styles;
      const animating = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      const loading = document.querySelector('[role="status"][aria-busy="true"]');
      return still && !animating && !loading;
    },
    undefined,
    { polling: 100 },
  );
}

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2 A and AA findings of serious or critical impact on the page once it is at rest, or only within
 * one part of it (a dialog, an open picker over a screen scanned already: colours are still measured against what
 * the part is drawn over). The script is evaluated through the debugging protocol, which the page's content
 * security policy does not apply to.
 */
export async function seriousFindings(page: Page, within?: Locator): Promise<string[]> {
  // Colours are measured at rest: the pointer off the content (a hovered link or row has other colours), and once
  // dialogs and buttons have finished fading in.
  await page.mouse.move(0, 0);
  await settled(page);
  // axe stays on the page across in-app navigation; it is loaded again only after a full page load.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const root = within ? await within.elementHandle() : null;
  const violations = await page.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (c: Node, o: object) => Promise<{ violations: unknown[] }> } }).axe;
    // Only violations are reported in full; passes and incomplete results are not needed here and cost time.
    const result = await axe.run(root ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Finding[];
  }, root);
  await root?.dispose();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.help}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
