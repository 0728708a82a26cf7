import { MAX_INPUT } from '@h5/contract/codes';
import { Button, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import './form-field.css';

/**
 * How the row is laid out: `{look}-field` and `{look}-label`. 'row' puts the label beside its input in a
 * `panel` (panel.css) (profile, passwords, partner application; this module's stylesheet); 'pay' and 'cards' stack them
 * (the payments' and cards' stylesheets).
 */
export type FieldLook = 'pay' | 'cards' | 'row';

/** One labelled row of a member form; the label names the input by its id. */
export function FormField({
  look,
  id,
  label,
  className,
  children,
}: {
  look: FieldLook;
  id: string;
  label: string;
  /** More classes of the row (a block row for a text area). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${look}-field ${className}` : `${look}-field`}>
      <label className={`${look}-label`} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export interface TextInputFieldProps {
  look: FieldLook;
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'tel' | 'email';
  inputMode?: 'numeric' | 'decimal';
  /** The usual 32 characters unless the field needs more (an address). */
  maxLength?: number;
  autoComplete?: string;
}

/** A labelled text input of a member form: the field set the money, card and profile forms are made of. */
export function TextInputField({ look, label, maxLength = MAX_INPUT, ...input }: TextInputFieldProps) {
  return (
    <FormField look={look} id={input.id} label={label}>
      <Input maxLength={maxLength} {...input} />
    </FormField>
  );
}

/**
 * The submit button of a money or card form: full width, busy (and not pressable) while its call runs, or while
 * `disabled` (a withdrawal on its way to the records).
 */
export function SubmitButton({
  busy,
  disabled = false,
  className,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      block
      size="large"
      color="primary"
      className={className}
      loading={busy}
      disabled={busy || disabled}
    >
      {children}
    </Button>
  );
}

/** Keeps what an amount may hold: digits and a decimal point. */
export const amountText = (value: string) => value.replace(/[^\d.]/g, '');

/**
 * A yuan amount (deposit, withdrawal, transfer): ¥ before it, digits and a point only, and a 全部 button that fills
 * `all` when given. `look` is the stylesheet's prefix of `{look}-amount` and `{look}-all`.
 */
export function AmountInput({
  look,
  id,
  placeholder,
  value,
  onChange,
  all,
}: {
  look: 'pay' | 'transfer';
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  all?: string;
}) {
  return (
    <div className={`${look}-amount`}>
      <span aria-hidden="true">¥</span>
      <Input
        id={id}
        inputMode="decimal"
        placeholder={placeholder}
        maxLength={MAX_INPUT}
        value={value}
        onChange={(next) => onChange(amountText(next))}
      />
      {all !== undefined && (
        <button type="button" className={`${look}-all`} onClick={() => onChange(all)}>
          全部
        </button>
      )}
    </div>
  );
}
