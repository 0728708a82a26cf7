/** The back-office calls of signing in, one's own account and two factors, and the operators (admin). */
import { z } from 'zod';
import { Timestamp } from '../common';
import { MSG } from '../messages';
import { ADMIN, ALL, def, Nothing } from './atoms';
import { AdminEmpty, type AdminEndpointDef, OperatorRole } from './define';

export const AdminLoginInput = z.object({
  username: z.string().max(64).default(''),
  password: z.string().max(128).default(''),
  /** 动态验证码: six digits from the authenticator app, once the operator has two-factor sign-in. */
  code: z.string().max(16).default(''),
});
export const AdminSession = z.object({ token: z.string(), role: OperatorRole, username: z.string() });

export const OperatorMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  totp_enabled: z.boolean(),
  /** The site requires two factors and this operator has none yet: only enrolment calls answer until then. */
  must_enroll: z.boolean(),
  /** Minutes of inactivity after which the session ends (OPERATOR_IDLE_MINUTES). */
  idle_minutes: z.number().int(),
});
export const TotpSetup = z.object({
  /** `otpauth://totp/...`: what the console draws as a QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing in by hand. */
  secret: z.string(),
});
export const TotpConfirmInput = z.object({ code: z.string().max(16).default('') });
export const OperatorPasswordInput = z.object({
  old_password: z.string().max(128).default(''),
  new_password: z.string().max(128).default(''),
});

export const OperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  state: z.number().int(),
  totp_enabled: z.boolean(),
  created_at: Timestamp,
});
export const OperatorCreateInput = z.object({
  username: z
    .string({ message: MSG.operatorNameInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,32}$/, { message: MSG.operatorNameInvalid }),
  role: OperatorRole,
});
export const OperatorCreated = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  /** Shown once: it is stored only as a hash. */
  password: z.string(),
});
export const OperatorRoleInput = z.object({ role: OperatorRole });
export const StateInput = z.object({ state: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) });

/** Sign-in, one's own account, operators. */
export const adminOperatorCalls = {
  // Sign-in and one's own account
  login: {
    method: 'POST',
    path: '/admin/api/login',
    auth: 'public',
    roles: ALL,
    input: AdminLoginInput,
    data: AdminSession,
    summary: 'Sign in: username, password and, with two-factor sign-in, the code (231 when missing, 232 when wrong)',
  },
  logout: { ...def('POST', '/admin/api/logout', ALL, AdminEmpty, Nothing, 'End the calling session'), beforeTwoFactor: true },
  me: { ...def('GET', '/admin/api/me', ALL, AdminEmpty, OperatorMe, 'The calling operator'), beforeTwoFactor: true },
  password: def('POST', '/admin/api/password', ALL, OperatorPasswordInput, Nothing, "Change one's own password"),
  totpSetup: {
    ...def('POST', '/admin/api/totp/setup', ALL, AdminEmpty, TotpSetup, 'Start two-factor enrolment: a pending secret and its otpauth URI'),
    beforeTwoFactor: true,
  },
  totpConfirm: {
    ...def('POST', '/admin/api/totp/confirm', ALL, TotpConfirmInput, OperatorMe, 'Finish enrolment with one code from the app'),
    beforeTwoFactor: true,
  },

  // Operators (admin)
  operators: def('GET', '/admin/api/operators', ADMIN, AdminEmpty, z.array(OperatorRow), 'Operators'),
  operatorCreate: def('POST', '/admin/api/operators', ADMIN, OperatorCreateInput, OperatorCreated, 'Create an operator; its password is answered once'),
  operatorUpdate: def('PUT', '/admin/api/operators/:id', ADMIN, OperatorRoleInput, OperatorRow, "Change an operator's role"),
  operatorState: def(
    'POST',
    '/admin/api/operators/:id/state',
    ADMIN,
    StateInput,
    z.object({ state: z.number().int() }),
    'Disable (0) or enable (1) an operator',
  ),
  operatorTotpReset: def('POST', '/admin/api/operators/:id/totp/reset', ADMIN, AdminEmpty, OperatorRow, "Clear an operator's two factors"),
} as const satisfies Record<string, AdminEndpointDef>;
