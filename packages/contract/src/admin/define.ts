/**
 * The back-office API's vocabulary (docs/architecture.md "Operators"): operator roles, what a call is, and the helpers that fill a
 * call's path. The calls themselves are written by area beside this file and gathered in `../admin.ts`.
 *
 * `input` is the query string for GET and DELETE, the JSON body otherwise. `roles` lists every role allowed
 * (admin is listed wherever it may call, which is everywhere). Paths carry `:param`s; `adminPath` fills them.
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { MSG } from '../messages';

export const OPERATOR_ROLES = ['admin', 'finance', 'content', 'support'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLES)[number];
export const OperatorRole = z.enum(OPERATOR_ROLES, { message: MSG.operatorRoleInvalid });

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminEndpointDef {
  method: AdminMethod;
  path: string;
  /** 'public' only for the sign-in; every other call needs an operator token. */
  auth: 'public' | 'operator';
  roles: readonly OperatorRoleName[];
  /**
   * Open to an operator who has not yet enrolled two-factor sign-in while the site requires it
   * (`operator_totp_required`): the calls needed to enrol or leave. Every other call answers 403 until then.
   */
  beforeTwoFactor?: true;
  /**
   * The body is multipart/form-data (an upload): `input` describes its text fields, and the file travels as the part
   * named `file`. Every other body is JSON.
   */
  multipart?: true;
  input: ZodType;
  data: ZodType;
  summary: string;
}

/** No input, or answers whose data carries nothing. */
export const AdminEmpty = z.object({});

/** What the console sends (query for GET and DELETE, body otherwise). */
export type AdminInputOf<E extends AdminEndpointDef> = z.input<E['input']>;
/** The input after parsing, as the server sees it. */
export type AdminParsedInputOf<E extends AdminEndpointDef> = z.output<E['input']>;
/** The answer's data as the console reads it. */
export type AdminDataOf<E extends AdminEndpointDef> = z.output<E['data']>;

/** The `:param` names of a path, e.g. 'id' of '/admin/api/members/:id/adjust'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The concrete path of a call: each `:param` replaced by its value, URL-encoded. */
export function adminPath<E extends AdminEndpointDef>(
  endpoint: E,
  ...params: PathParams<E['path']> extends never ? [] : [Record<PathParams<E['path']>, string | number>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}
