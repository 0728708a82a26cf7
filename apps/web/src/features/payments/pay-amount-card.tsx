import type { ComponentProps, ReactNode } from 'react';
import { AmountInput } from '../../shared/ui/form-field';
import '../../shared/ui/card-surface.css';

type PayAmountCardProps = {
  /** The card heading, which labels the amount field. */
  title: string;
  titleId: string;
  /** What follows the field: limits, quick amounts, the USDT conversion. */
  children?: ReactNode;
} & Omit<ComponentProps<typeof AmountInput>, 'look'>;

/** The amount card of the deposit and withdrawal forms. */
export function PayAmountCard({ title, titleId, children, ...amount }: PayAmountCardProps) {
  return (
    <section className="pay-card card-surface">
      <h2 id={titleId} className="pay-card-title">
        <label htmlFor={amount.id}>{title}</label>
      </h2>
      <AmountInput look="pay" {...amount} />
      {children}
    </section>
  );
}
