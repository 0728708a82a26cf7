import type { ComponentProps } from 'react';
import { TitledSection } from '../../shared/ui/titled-section';
import '../../shared/ui/card-surface.css';

/** A titled card of the payment screens: the deposit's and withdrawal's sections and the payment details. */
export function PayCard(props: Omit<ComponentProps<typeof TitledSection>, 'className' | 'titleClassName'>) {
  return <TitledSection className="pay-card card-surface" titleClassName="pay-card-title" {...props} />;
}
