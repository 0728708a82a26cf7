import { useRef, type InputHTMLAttributes } from 'react';
import './input.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  /** A 清除内容 button while the field holds text, as antd-mobile's Input had. */
  clearable?: boolean;
}

/**
 * A real <input> (its label is the caller's <label htmlFor>) drawn as antd-mobile's Input was. Ours: the auth forms
 * are first screens, and antd-mobile's Input brought its clear icon and shared internals to them
 * (docs/member-app.md "Our own components").
 */
export function Input({ value, onChange, clearable = false, className, ...rest }: InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className={className ? `ui-input ${className}` : 'ui-input'}>
      <input
        ref={ref}
        className="ui-input-element"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {clearable && value !== '' && (
        <button
          type="button"
          className="ui-input-clear"
          aria-label="清除内容"
          onClick={() => {
            onChange('');
            ref.current?.focus();
          }}
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="var(--navy-900)" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}
