/** The back-office calls of signing in, one's own account and two factors, and the operators (admin). */
import { z } from 'zod';
import { Timestamp } from '../common';
import { MSG } from '../messages';
import { ADMIN, def, Nothing, SIGNED_IN } from './atoms';
import { AdminEmpty, type AdminEndpointDef, OperatorRole } from './define';
import { IntegrationChange } from './integrations';

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
export const OperatorRoleInput = z.object({ role: OperatorRole });
export const StateInput = z.object({ state: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) });
/** Disabling takes effect at once (the operator's state now); enabling again waits for a second admin (the change). */
export const OperatorStateAnswer = z.union([IntegrationChange, z.object({ state: z.number().int() })]);

/** Sign-in, one's own account, operators. */
export const adminOperatorCalls = {
  // Sign-in and one's own account
  login: {
    method: 'POST',
    path: '/admin/api/login',
    auth: 'public',
    roles: SIGNED_IN,
    input: AdminLoginInput,
    data: AdminSession,
    summary:
      'Sign in: username, password and, with two-factor sign-in, the code (missing or wrong: 203, as a wrong password)',
  },
  logout: {
    ...def('POST', '/admin/api/logout', SIGNED_IN, AdminEmpty, Nothing, 'End the calling session'),
    beforeTwoFactor: true,
  },
  me: {
    ...def('GET', '/admin/api/me', SIGNED_IN, AdminEmpty, OperatorMe, 'The calling operator'),
    beforeTwoFactor: true,
  },
  password: def('POST', '/admin/api/password', SIGNED_IN, OperatorPasswordInput, Nothing, "Change one's own password"),
  totpSetup: {
    ...def(
      'POST',
      '/admin/api/totp/setup',
      SIGNED_IN,
      AdminEmpty,
      TotpSetup,
      'Start two-factor enrolment: a pending secret and its otpauth URI',
    ),
    beforeTwoFactor: true,
  },
  totpConfirm: {
    ...def(
      'POST',
      '/admin/api/totp/confirm',
      SIGNED_IN,
      TotpConfirmInput,
      OperatorMe,
      'Finish enrolment with one code from the app',
    ),
    beforeTwoFactor: true,
  },

  // Operators (admin). What gives an account power (its creation, a role, enabling it again, a two-factor reset) is
  // a pending change another admin approves under the integration changes (docs/operators.md "Two people, judged by person");
  // the approval of a creation answers the generated password, once.
  operators: def('GET', '/admin/api/operators', ADMIN, AdminEmpty, z.array(OperatorRow), 'Operators'),
  operatorCreate: def(
    'POST',
    '/admin/api/operators',
    ADMIN,
    OperatorCreateInput,
    IntegrationChange,
    'Propose a new operator (pending a second admin)',
  ),
  operatorUpdate: def(
    'PUT',
    '/admin/api/operators/:id',
    ADMIN,
    OperatorRoleInput,
    IntegrationChange,
    "Propose an operator's new role (pending a second admin)",
  ),
  operatorState: def(
    'POST',
    '/admin/api/operators/:id/state',
    ADMIN,
    StateInput,
    OperatorStateAnswer,
    'Disable (0) an operator at once, or propose enabling (1) it again (pending a second admin)',
  ),
  operatorTotpReset: def(
    'POST',
    '/admin/api/operators/:id/totp/reset',
    ADMIN,
    AdminEmpty,
    IntegrationChange,
    "Propose clearing an operator's two factors (pending a second admin)",
  ),
} as const satisfies Record<string, AdminEndpointDef>;
