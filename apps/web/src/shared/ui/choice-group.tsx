import { USDT_PROTOCOLS, type UsdtProtocol } from '@h5/contract/codes';
import type { ReactNode } from 'react';
import './choice-group.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/**
 * A row of mutually exclusive options drawn as pills (pay way, USDT protocol): a radiogroup named by `label`,
 * each option a radio button named by its label (all in the tab order); arrow keys also move the choice.
 */
export function ChoiceGroup<V extends string>({
  label,
  choices,
  value,
  onChange,
  className,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  const move = (from: number, step: number) => {
    const next = choices[(from + step + choices.length) % choices.length];
    if (next) onChange(next.value);
  };
  return (
    <div role="radiogroup" aria-label={label} className={`choice-group ${className ?? ''}`.trim()}>
      {choices.map((choice, index) => {
        const checked = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={checked}
            className={checked ? 'choice-surface choice selected' : 'choice-surface choice'}
            data-value={choice.value}
            onClick={() => onChange(choice.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(index, 1);
              else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(index, -1);
              else return;
              event.preventDefault();
            }}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}

/** The USDT protocols as choices, each labelled by its own name. */
export const USDT_PROTOCOL_CHOICES = USDT_PROTOCOLS.map((p) => ({ value: p, label: p }));

/**
 * The USDT protocol of a form (deposit, new address), under a visible caption that also names the radiogroup.
 * `look` is the stylesheet's prefix: its `{look}-label` caption inside `className`.
 */
export function UsdtProtocolChoice({
  caption,
  className,
  look,
  value,
  onChange,
  children,
}: {
  caption: string;
  className: string;
  look: 'pay' | 'cards';
  value: UsdtProtocol;
  onChange: (value: UsdtProtocol) => void;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <p className={`${look}-label`}>{caption}</p>
      <ChoiceGroup label={caption} choices={USDT_PROTOCOL_CHOICES} value={value} onChange={onChange} />
      {children}
    </div>
  );
}
