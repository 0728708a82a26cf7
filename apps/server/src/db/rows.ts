/** The rows of a raw `db.execute(sql`...`)` answer: the same `{ rows }` shape on PostgreSQL and PGlite. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
