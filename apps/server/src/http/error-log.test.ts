import { BizCode, MSG } from '@h5/contract';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { loggableError } from './log-redaction';

// A failed query must not put what it was given in the log: drizzle's message carries the SQL parameters (card
// numbers, token hashes), PostgreSQL quotes offending values, and query strings carry tickets.

const lines: string[] = [];

const t = useTestApp({ config: { logLevel: 'error' }, logStream: { write: (line) => void lines.push(line) } });

describe('the error log', () => {
  it('logs a failed query by name, code, SQL text and path, without its parameters or the query string', async () => {
    await t.database.db.execute(sql`ALTER TABLE members RENAME TO members_away`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login_pc?ticket=QS-SECRET-77&card=6222020200112233',
        payload: { name: 'leakcheck99', password: 'pw-secret-55' },
      });
      expect(res.json()).toEqual({ code: BizCode.SERVER_ERROR, message: MSG.serverError, data: null });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE members_away RENAME TO members`);
    }
    const logged = lines.filter((l) => l.includes('unexpected error'));
    expect(logged).toHaveLength(1);
    const text = logged.join('\n');
    for (const secret of ['leakcheck99', 'pw-secret-55', 'QS-SECRET-77', '6222020200112233', 'params:']) {
      expect(text, secret).not.toContain(secret);
    }
    const entry = JSON.parse(logged[0]!) as {
      path: string;
      reqId: string;
      err: { type: string; sql: string; cause: { code: string } };
    };
    expect(entry.path).toBe('/api/login_pc');
    expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.err.type).toBe('DrizzleQueryError');
    expect(entry.err.sql).toMatch(/from "members" where lower\("members"\."username"\) = lower\(\$1\)/);
    expect(entry.err.cause.code).toBe('42P01');
  });

  it('drops quoted values from a database message and the stack that repeats it', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "6222020200112233"'), {
      code: '22P02',
    });
    const error = new DrizzleQueryError('select * from "bank_cards" where "bank_no" = $1', ['6222020200112233'], cause);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('6222020200112233');
    expect(logged).toContain('select * from \\"bank_cards\\" where \\"bank_no\\" = $1');
    expect(logged).toContain('22P02');
  });
});
