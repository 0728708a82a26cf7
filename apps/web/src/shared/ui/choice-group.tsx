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
            className={checked ? 'choice selected' : 'choice'}
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
