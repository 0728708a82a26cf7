/** Business codes seen by clients (docs/wire-rules.md "Wire details", docs/architecture.md "Wire contract"). */
export const BizCode = {
  OK: 200,
  NAME_TAKEN: 201,
  NOT_FOUND: 202,
  WRONG_PASSWORD: 203,
  WRONG_OLD_PASSWORD: 205,
  CARD_LIMIT: 207,
  ABOVE_BALANCE: 208,
  TRANSFER_REFUSED: 209,
  INSUFFICIENT_BALANCE: 210,
  WITHDRAW_RULE: 214,
  WITHDRAW_ABOVE_MAX: 215,
  WITHDRAW_DAILY_COUNT: 216,
  PROMOTION_MISSING: 222,
  APPLIED_PENDING: 223,
  APPLIED_APPROVED: 224,
  APPLIED_REJECTED: 225,
  AGENT_APPLIED: 226,
  /** Back office sign-in: the operator has two-factor sign-in and sent no code (the console shows the field). */
  OTP_REQUIRED: 231,
  /** Back office sign-in or enrolment: a wrong, expired or already used code. */
  OTP_WRONG: 232,
  PAY_PASSWORD_UNSET: 251,
  /** Ours: refused by the member's own responsible-gambling limit, cool-off or self-exclusion (理性娱乐). */
  RESPONSIBLE_LIMIT: 260,
  BAD_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  /** Ours: a call that reached a server while it stops, answered with HTTP 503 too; nothing was done, send it again. */
  UNAVAILABLE: 503,
} as const;

export type BizCodeValue = (typeof BizCode)[keyof typeof BizCode];
