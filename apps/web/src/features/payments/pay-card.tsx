import type { ComponentProps } from 'react';
import { TitledSection } from '../../shared/ui/titled-section';

/** A titled card of the payment screens: the deposit's and withdrawal's sections and the payment details. */
export function PayCard(props: Omit<ComponentProps<typeof TitledSection>, 'className' | 'titleClassName'>) {
  return <TitledSection className="pay-card" titleClassName="pay-card-title" {...props} />;
}
