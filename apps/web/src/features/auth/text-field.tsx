import { MAX_INPUT } from '@h5/contract/codes';
import type { ReactNode } from 'react';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { LineIcon } from '../../shared/ui/line-icon';

interface TextFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  maxLength?: number;
  autoComplete?: string;
  icon: string;
  extra?: ReactNode;
}

/** One labelled input row of the auth forms (the label is read by screen readers; the icon is decorative). */
export function TextField({ id, label, icon, extra, type = 'text', maxLength = MAX_INPUT, ...rest }: TextFieldProps) {
  return (
    <div className="auth-field">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <LineIcon d={icon} size={20} strokeWidth={1.8} cap="round" join="round" className="auth-field-icon" />
      <Input id={id} type={type} maxLength={maxLength} clearable={type === 'text'} {...rest} />
      {extra}
    </div>
  );
}

/** The submit button of the auth forms: disabled until every field is filled, `{label}中` while the call runs. */
export function SubmitButton({ label, disabled, busy }: { label: string; disabled: boolean; busy: boolean }) {
  return (
    <Button
      block
      color="primary"
      size="large"
      type="submit"
      disabled={disabled}
      loading={busy}
      loadingText={`${label}中`}
    >
      {label}
    </Button>
  );
}

export const ICONS = {
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  lock: 'M6 11h12v10H6zM8.5 11V8a3.5 3.5 0 017 0v3M12 15v2',
  id: 'M3 6h18v12H3zM7 10h4M7 14h6M15.5 11.5a1.5 1.5 0 110 .01',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
  code: 'M4 7l4 5-4 5M12 17h8',
} as const;
