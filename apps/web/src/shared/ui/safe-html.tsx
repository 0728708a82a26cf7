import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './rich-text.css';

/** Operator HTML (articles, the welcome modal) shown only after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
