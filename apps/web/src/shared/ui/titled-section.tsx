import type { ReactNode } from 'react';

/**
 * A section of a screen named by its own heading (aria-labelledby): the payment cards, rules, help and limits
 * sections. `titleId` is the heading's id; `level` is h2 unless the section sits under one.
 */
export function TitledSection({
  titleId,
  title,
  className,
  titleClassName,
  level: Heading = 'h2',
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  level?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <Heading id={titleId} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
