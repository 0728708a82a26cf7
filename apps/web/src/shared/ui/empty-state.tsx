import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import type { ReactNode } from 'react';

export function EmptyState({ title = FIRST_SCREEN_MSG.emptyList, children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <svg className="empty-state-art" viewBox="0 0 96 72" aria-hidden="true">
        <rect x="14" y="22" width="68" height="42" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 34h68M40 46h16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <path d="M30 22l8-12h20l8 12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <p className="empty-state-title">{title}</p>
      {children}
    </section>
  );
}
