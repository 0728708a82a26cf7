import type { CSSProperties, ReactNode } from 'react';
import './skeleton.css';

/** A shimmering placeholder block while data loads; size it with a class (or style). Hidden from screen readers. */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton ${className}`.trim()} style={style} aria-hidden="true" />;
}

/** A labelled busy region holding skeletons, announced once to screen readers. */
export function SkeletonGroup({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}
