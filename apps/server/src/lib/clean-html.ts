import { createRequire } from 'node:module';
import { hidesAnotherHost } from '@h5/contract';
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
    purify.addHook('afterSanitizeAttributes', dropOffSiteTricks);
  }
  return purify;
}

/**
 * Form controls go with their markup (their text stays): a form in an article or message could ask members for a
 * password or post it elsewhere, and nothing the site shows needs one.
 */
const FORM_TAGS = [
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'label',
  'fieldset',
  'legend',
  'datalist',
  'output',
];

/** Attributes holding an address (srcset a list of them). */
const ADDRESS_ATTRIBUTES = ['href', 'src', 'xlink:href', 'poster', 'cite', 'background', 'action', 'formaction'];

/** An address browsers would read as another host (`//host`, `/\host` and their disguises) is removed. */
function dropOffSiteTricks(node: Element) {
  if (typeof node.getAttribute !== 'function') return;
  for (const name of ADDRESS_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && hidesAnotherHost(value)) node.removeAttribute(name);
  }
  const srcset = node.getAttribute('srcset');
  if (srcset !== null && srcset.split(',').some((entry) => hidesAnotherHost(entry.trim().split(/\s+/)[0] ?? '')))
    node.removeAttribute('srcset');
}

/**
 * Operator HTML (articles, promotion content and memo, inbox messages, the welcome text) cleaned before it is
 * stored, with DOMPurify's default allow-list less form controls: text formatting, links and images survive;
 * scripts, event handlers, script URLs, forms and addresses that lead to another host (`//host`, `/\host`) go. The
 * member app then shows it as it is, with the page's CSP as the second line.
 */
export function cleanHtml(html: string): string {
  if (!/[<&]/.test(html)) return html; // plain text: nothing to clean, no parser needed
  return sanitizer().sanitize(html, { FORBID_TAGS: FORM_TAGS });
}
