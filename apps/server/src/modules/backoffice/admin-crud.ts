import { type AdminEndpointDef, BizCode, MSG } from '@h5/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { audit } from './audit';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { type MoneyRows, proposeRowCreation, proposeRowUpdate } from './money-settings';

/** The four calls of a resource in the contract (adminResources): paths, roles, input and item schemas. */
export interface ResourceCalls {
  list: AdminEndpointDef;
  create: AdminEndpointDef;
  update: AdminEndpointDef;
  remove: AdminEndpointDef;
}

type Input<C extends ResourceCalls> = z.output<C['create']['input']>;
/** The item as the update and the list answer it. */
type Item<C extends ResourceCalls> = z.input<C['update']['data']>;

export interface CrudResource<C extends ResourceCalls, R extends { id: number }> {
  /** The contract's calls, e.g. adminResources.promotions; POST creates from the input, PUT replaces with it. */
  calls: C;
  /** Audit action prefix, e.g. 'promotion' (promotion.create, promotion.update, promotion.delete). */
  action: string;
  table: PgTable & { id: PgColumn };
  /**
   * A server-side step after parsing, before anything else: cleaning operator HTML, which only the server can do.
   * Refuses by throwing an AppError.
   */
  prepare?: (input: Input<C>) => Input<C>;
  columns: (input: Input<C>) => Record<string, unknown>;
  /** The item as the contract's update answer has it. */
  view: (row: R) => Item<C>;
  orderBy: (PgColumn | SQL)[];
  /** A Chinese message when the input is consistent field by field but not as a whole. */
  check?: (input: Input<C>) => string | null;
  /**
   * Checks against the database, inside the change's transaction before it is written (before: the locked row of
   * an update, null on create). Refuses by throwing an AppError.
   */
  verify?: (tx: Tx, input: Input<C>, before: R | null) => Promise<void>;
  /** Adds to the items what their rows do not hold (a venue's pending integration change). */
  annotate?: (db: DbOrTx, items: Array<Item<C>>) => Promise<Array<Item<C>>>;
  /** Runs on the locked row inside the delete's transaction; refuses by throwing an AppError. */
  beforeDelete?: (tx: Tx, row: R) => Promise<void>;
  /**
   * Money fields that wait for a second admin (docs/operators.md "Who may move money"): a creation is proposed, answered as the
   * pending change; an update writes the kind's immediate columns at once and proposes the rest when it changes.
   */
  money?: MoneyRows<C['create']['input'], R>;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * A list/create/update/delete back-office resource (docs/architecture.md "Operators": content and settings resources). Each change
 * runs in one transaction with its audit row; a unique clash answers 409.
 */
export function crudRoutes<C extends ResourceCalls, R extends { id: number }>(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  db: Db,
  resource: CrudResource<C, R>,
) {
  const { table, calls } = resource;
  // Drizzle's builders are typed per concrete table; this helper works on any table with an id.
  const select = (where?: SQL) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...resource.orderBy) as unknown as Promise<R[]>;
  const annotated = async (db: DbOrTx, rows: R[]) => {
    const items = rows.map(resource.view);
    return resource.annotate ? resource.annotate(db, items) : items;
  };
  const checked = (parsed: Input<C>) => {
    const input = resource.prepare ? resource.prepare(parsed) : parsed;
    const message = resource.check?.(input);
    if (message) throw badInput(message);
    return { input, values: resource.columns(input) };
  };
  /** The row with this id, locked until the transaction ends; 404 for none. */
  const lockRow = async (tx: Tx, id: number): Promise<R> => {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as unknown as R[];
    if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    return row;
  };
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
      throw error;
    }
  };

  // The list answers an array of the same item the other calls answer; generics cannot see that through C.
  adminRoute(app, authenticate, calls.list, async () => ({
    data: (await annotated(db, await select())) as z.input<C['list']['data']>,
  }));

  adminRoute(app, authenticate, calls.create, async ({ input: parsed, operator, req }) => {
    const { input, values } = checked(parsed as Input<C>);
    const money = resource.money;
    if (money) {
      const change = await db.transaction(async (tx) => {
        await resource.verify?.(tx, input, null);
        return proposeRowCreation(tx, operator, money, input, req.id);
      });
      return { data: change as z.input<C['create']['data']>, message: MSG.integrationChangePending };
    }
    const view = await guard(() =>
      db.transaction(async (tx) => {
        await resource.verify?.(tx, input, null);
        const [row] = (await tx
          .insert(table)
          .values(values as never)
          .returning()) as unknown as R[];
        if (!row) throw new Error(`${resource.action} insert returned nothing`);
        const [after] = await annotated(tx, [row]);
        await audit(tx, {
          operatorId: operator.id,
          action: `${resource.action}.create`,
          target: `${resource.action}:${row.id}`,
          after,
          requestId: req.id,
        });
        return after;
      }),
    );
    return { data: view as z.input<C['create']['data']>, message: MSG.ok };
  });

  adminRoute(app, authenticate, calls.update, async ({ input: parsed, params, operator, req }) => {
    const id = idParam(params);
    const { input, values } = checked(parsed as Input<C>);
    const view = await guard(() =>
      db.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        await resource.verify?.(tx, input, before);
        // Money fields wait for a second admin: only the kind's immediate columns are written now.
        const split = resource.money
          ? await proposeRowUpdate(tx, operator, resource.money, before, input, req.id)
          : null;
        const written = split ? split.immediate : values;
        const [row] = Object.keys(written).length
          ? ((await tx
              .update(table)
              .set(written as never)
              .where(eq(table.id, id))
              .returning()) as unknown as R[])
          : [before];
        if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        const [after] = await annotated(tx, [row]);
        await audit(tx, {
          operatorId: operator.id,
          action: `${resource.action}.update`,
          target: `${resource.action}:${id}`,
          before: resource.view(before),
          after,
          requestId: req.id,
        });
        return { after, pending: split?.change != null };
      }),
    );
    return { data: view.after as Item<C>, message: view.pending ? MSG.integrationChangePending : MSG.ok };
  });

  adminRoute(app, authenticate, calls.remove, async ({ params, operator, req }) => {
    const id = idParam(params);
    await db.transaction(async (tx) => {
      if (resource.beforeDelete) {
        await resource.beforeDelete(tx, await lockRow(tx, id));
      }
      const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as unknown as R[];
      if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      await audit(tx, {
        operatorId: operator.id,
        action: `${resource.action}.delete`,
        target: `${resource.action}:${id}`,
        before: resource.view(row),
        requestId: req.id,
      });
    });
    return { data: null, message: MSG.ok };
  });
}

/** A table of listed items that an operator orders and switches on or off (banners, marquee notices, promotion types). */
type SwitchedTable = PgTable & {
  id: PgColumn;
  sort: PgColumn;
  $inferSelect: { id: number; sort: number; enabled: number };
};

/**
 * The resource of a switched table whose items are one field besides their order and switch (a banner's src, a
 * notice's text, a type's name): written as the input has it, answered as {id, field, sort, enabled}, listed by sort
 * then id.
 */
export function switchedItemRoutes<
  C extends ResourceCalls,
  T extends SwitchedTable,
  F extends keyof T['$inferSelect'] & keyof Input<C> & string,
>(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  db: Db,
  resource: { calls: C; action: string; table: T; field: F },
) {
  const { calls, action, table, field } = resource;
  crudRoutes(app, authenticate, db, {
    calls,
    action,
    table,
    columns: (i: Input<C>) => {
      // The contract's switched resources all take sort and enabled beside their one field.
      const item = i as Input<C> & { sort: number; enabled: number };
      return { [field]: item[field], sort: item.sort, enabled: item.enabled };
    },
    view: (r: T['$inferSelect']) => ({ id: r.id, [field]: r[field], sort: r.sort, enabled: r.enabled }) as Item<C>,
    orderBy: [table.sort, table.id],
  });
}
