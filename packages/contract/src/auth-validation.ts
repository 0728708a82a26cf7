/**
 * docs/member-app.md "Register rules" and "Login rules" as pure functions (validation.ts, which re-exports them,
 * holds the other forms' rules): the login screen loads these and their messages only (bench/page-weight.ts).
 */
import { LANDING_MSG } from './landing-messages';

export type Field = string | number | null | undefined;

export const str = (value: Field): string => (value === null || value === undefined ? '' : String(value));
export const isBlank = (value: Field): boolean => str(value).trim() === '';

/** docs/wire-rules.md "Accounts": a register name is 6-16 letters or digits (ours: enforce what the message says). */
const STRICT_USERNAME = /^[A-Za-z0-9]{6,16}$/;

export interface RegisterInput {
  name: Field;
  password: Field;
  confirmPass: Field;
  realname: Field;
  paypassword: Field;
  code: Field;
}

export interface RegisterOptions {
  /** The code of the captcha image shown (web only; the server never sees it). */
  expectedCaptcha?: string;
  /** Server: also reject names longer than 16 or with anything but ASCII letters and digits. */
  strictUsername?: boolean;
  /** The alternate /register view's terms checkbox. */
  agreed?: boolean;
}

export function validateRegister(input: RegisterInput, options: RegisterOptions = {}): string | null {
  const name = str(input.name);
  const password = str(input.password);
  const confirm = str(input.confirmPass);
  const code = str(input.code).trim();
  if (name.length < 6 || (options.strictUsername === true && !STRICT_USERNAME.test(name))) {
    return LANDING_MSG.usernameLength;
  }
  if (password.length < 6) return LANDING_MSG.passwordLength;
  if (confirm === '' || confirm !== password) return LANDING_MSG.passwordMismatch;
  if (str(input.realname).length < 2) return LANDING_MSG.realnameRequired;
  if (str(input.paypassword).length < 6) return LANDING_MSG.payPasswordLength;
  if (code === '') return LANDING_MSG.captchaRequired;
  if (options.expectedCaptcha !== undefined && code.toUpperCase() !== options.expectedCaptcha.toUpperCase()) {
    return LANDING_MSG.captchaWrong;
  }
  // The terms check comes after the six numbered rules: docs/member-app.md "Register rules" lists it apart, as an extra of the alternate view.
  if (options.agreed === false) return LANDING_MSG.termsRequired;
  return null;
}

export function validateLogin(input: { name: Field; password: Field }): string | null {
  if (isBlank(input.name) || str(input.password) === '') return LANDING_MSG.loginRequired;
  return null;
}
