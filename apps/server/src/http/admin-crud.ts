import { BizCode, MSG } from '@h5/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { audit } from '../modules/admin/admin-service';
import type { OperatorRole } from '../modules/admin/admin-tables';
import { adminRoute, type AuthenticateOperator, idParam } from './admin-route';
import { AppError, badInput } from './errors';

export interface CrudResource<S extends z.ZodType, R extends { id: number }> {
  /** e.g. '/admin/api/promotions'; items live at `${path}/:id`. */
  path: string;
  /** Audit action prefix, e.g. 'promotion' (promotion.create, promotion.update, promotion.delete). */
  action: string;
  roles: readonly OperatorRole[];
  table: PgTable & { id: PgColumn };
  /** The whole item: POST creates from it, PUT replaces an item with it. */
  input: S;
  columns: (input: z.output<S>) => Record<string, unknown>;
  view: (row: R) => unknown;
  orderBy: (PgColumn | SQL)[];
  /** A Chinese message when the input is consistent field by field but not as a whole. */
  check?: (input: z.output<S>) => string | null;
  /**
   * Checks against the database, inside the change's transaction before it is written (before: the locked row of
   * an update, null on create). Refuses by throwing an AppError.
   */
  verify?: (tx: Tx, input: z.output<S>, before: R | null) => Promise<void>;
  /** Runs on the locked row inside the delete's transaction; refuses by throwing an AppError. */
  beforeDelete?: (tx: Tx, row: R) => Promise<void>;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * A list/create/update/delete back-office resource (DESIGN "Operators": content and settings resources). Each change
 * runs in one transaction with its audit row; a unique clash answers 409.
 */
export function crudRoutes<S extends z.ZodType, R extends { id: number }>(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  db: Db,
  resource: CrudResource<S, R>,
) {
  const { table, roles } = resource;
  // Drizzle's builders are typed per concrete table; this helper works on any table with an id.
  const select = (where?: SQL) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...resource.orderBy) as unknown as Promise<R[]>;
  const checked = (input: z.output<S>) => {
    const message = resource.check?.(input);
    if (message) throw badInput(message);
    return resource.columns(input);
  };
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
      throw error;
    }
  };

  adminRoute(app, authenticate, { method: 'GET', url: resource.path, roles }, async () => ({
    data: (await select()).map(resource.view),
  }));

  adminRoute(app, authenticate, { method: 'POST', url: resource.path, roles, input: resource.input }, async ({ input, operator, req }) => {
    const values = checked(input);
    const view = await guard(() =>
      db.transaction(async (tx) => {
        await resource.verify?.(tx, input, null);
        const [row] = (await tx.insert(table).values(values as never).returning()) as unknown as R[];
        if (!row) throw new Error(`${resource.action} insert returned nothing`);
        const after = resource.view(row);
        await audit(tx, { operatorId: operator.id, action: `${resource.action}.create`, target: `${resource.action}:${row.id}`, after, requestId: req.id });
        return after;
      }),
    );
    return { data: view, message: MSG.ok };
  });

  adminRoute(app, authenticate, { method: 'PUT', url: `${resource.path}/:id`, roles, input: resource.input }, async ({ input, params, operator, req }) => {
    const id = idParam(params);
    const values = checked(input);
    const view = await guard(() =>
      db.transaction(async (tx) => {
        const [before] = (await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update')) as unknown as R[];
        if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        await resource.verify?.(tx, input, before);
        const [row] = (await tx.update(table).set(values as never).where(eq(table.id, id)).returning()) as unknown as R[];
        if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        const after = resource.view(row);
        await audit(tx, { operatorId: operator.id, action: `${resource.action}.update`, target: `${resource.action}:${id}`, before: resource.view(before), after, requestId: req.id });
        return after;
      }),
    );
    return { data: view, message: MSG.ok };
  });

  adminRoute(app, authenticate, { method: 'DELETE', url: `${resource.path}/:id`, roles }, async ({ params, operator, req }) => {
    const id = idParam(params);
    await db.transaction(async (tx) => {
      if (resource.beforeDelete) {
        const [locked] = (await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update')) as unknown as R[];
        if (!locked) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        await resource.beforeDelete(tx, locked);
      }
      const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as unknown as R[];
      if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      await audit(tx, { operatorId: operator.id, action: `${resource.action}.delete`, target: `${resource.action}:${id}`, before: resource.view(row), requestId: req.id });
    });
    return { data: null, message: MSG.ok };
  });
}
