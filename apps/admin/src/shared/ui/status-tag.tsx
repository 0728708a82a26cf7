import { Tag } from 'antd';
import type { ReactNode } from 'react';
import './status-tag.css';

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'accent' | 'neutral';

/** A state label in one of our tones (all readable at WCAG AA contrast). */
export function StatusTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Tag className={`status-tag-${tone}`}>{children}</Tag>;
}
