import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  color?: 'default' | 'primary';
  fill?: 'solid' | 'outline';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** While true the button is disabled and shows a spinner beside `loadingText` (its label otherwise). */
  loading?: boolean;
  loadingText?: string;
}

/**
 * A real <button> drawn as antd-mobile's Button was. Ours: the auth forms, /mine and the load-failure retry are
 * first screens, and antd-mobile's Button brought its loading spinner and shared internals to them
 * (docs/member-app.md "Our own components").
 */
export function Button({
  color = 'default',
  fill = 'solid',
  size = 'middle',
  block = false,
  loading = false,
  loadingText,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['ui-button', `ui-button-${color}`, `ui-button-${fill}`, `ui-button-${size}`];
  if (block) classes.push('ui-button-block');
  if (className) classes.push(className);
  return (
    <button type={type} className={classes.join(' ')} disabled={disabled || loading} aria-busy={loading} {...rest}>
      {loading ? (
        <span className="ui-button-loading">
          <span className="ui-spinner" aria-hidden="true" />
          {loadingText ?? children}
        </span>
      ) : (
        children
      )}
    </button>
  );
}
