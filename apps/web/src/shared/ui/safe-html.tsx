import './rich-text.css';

/**
 * Operator HTML (articles, promotions, messages, the welcome modal). The server cleans it when it is stored, with
 * the allow-list DOMPurify applies by default (apps/server/src/lib/clean-html.ts), so the app shows it as it is and
 * carries no sanitizer; the page's CSP (no inline scripts or handlers) is the second line.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
