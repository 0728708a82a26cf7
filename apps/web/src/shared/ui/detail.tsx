import type { HTMLAttributes, ReactNode } from 'react';

type DetailProps = { term: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>;

/** One term of a description list and its value: `<div><dt>term</dt><dd>value</dd></div>` (the rest goes on dd). */
export function Detail({ term, children, ...value }: DetailProps) {
  return (
    <div>
      <dt>{term}</dt>
      <dd {...value}>{children}</dd>
    </div>
  );
}
