import type { ReactNode } from 'react';
import './checkbox.css';

/**
 * A real checkbox (visually hidden, focusable) inside its label, with antd-mobile's round tick drawn beside it.
 * Ours: the /register form is a first screen (docs/member-app.md "Our own components").
 */
export function Checkbox({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className ? `ui-checkbox ${className}` : 'ui-checkbox'}>
      <input
        type="checkbox"
        className="ui-checkbox-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="ui-checkbox-icon" aria-hidden="true">
        {checked && (
          <svg viewBox="0 0 40 40">
            <path
              d="M31.5 13.5L17.5 27.5 10 20"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="square"
            />
          </svg>
        )}
      </span>
      <span className="ui-checkbox-content">{children}</span>
    </label>
  );
}
