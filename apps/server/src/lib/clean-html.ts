import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';

const require = createRequire(import.meta.url);
let purify: DOMPurify | undefined;

/**
 * DOMPurify on a jsdom window, made on first use: loading jsdom takes about a second, which the server's start and
 * every test file that never stores operator HTML should not pay.
 */
function sanitizer(): DOMPurify {
  if (!purify) {
    const { JSDOM } = require('jsdom') as typeof Jsdom;
    const createDOMPurify = require('dompurify') as (window: unknown) => DOMPurify;
    purify = createDOMPurify(new JSDOM('').window);
  }
  return purify;
}

/**
 * Operator HTML (articles, promotion content and memo, inbox messages, the welcome text) cleaned before it is
 * stored, with DOMPurify's default allow-list: the one the member app applied in the browser before, so the same
 * markup survives (text formatting, links, images, buttons) and scripts, event handlers and script URLs go. The
 * member app then shows it as it is, with the page's CSP as the second line.
 */
export function cleanHtml(html: string): string {
  if (!/[<&]/.test(html)) return html; // plain text: nothing to clean, no parser needed
  return sanitizer().sanitize(html);
}
