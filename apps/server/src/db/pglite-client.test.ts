import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_CACHE_SIZE, StatementCachingPGlite } from './pglite-client';

const SCHEMA = `
  create table people (
    id serial primary key,
    email text not null unique,
    born date,
    seen_at timestamptz,
    tags jsonb not null default '[]'
  );
  insert into people (email, born, seen_at, tags) values
    ('ana@example.com', '1990-02-03', '2026-11-01T10:00:00Z', '["a"]'),
    ('bo@example.com', null, null, '[]');`;

/** As drizzle's PGlite driver asks: rows as arrays, dates and timestamps left as text. */
const DRIZZLE_OPTIONS = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

async function preparedNames(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((row) => row.name);
}

describe('StatementCachingPGlite', () => {
  let cached: StatementCachingPGlite;
  let plain: PGlite;

  beforeAll(async () => {
    cached = await StatementCachingPGlite.open({ dataDir: 'memory://' });
    plain = await PGlite.create('memory://');
    await cached.exec(SCHEMA);
    await plain.exec(SCHEMA);
  });
  afterAll(async () => {
    await cached.close();
    await plain.close();
  });

  it("answers what PGlite's own query answers, on the first and every later run", async () => {
    const questions: [string, unknown[], object | undefined][] = [
      ['select * from people order by id', [], undefined],
      ['select * from people where email = $1', ['ana@example.com'], DRIZZLE_OPTIONS],
      ['select id, tags from people where born is not distinct from $1', [null], undefined],
      ['select count(*)::int as n from people where seen_at < $1', [new Date('2027-01-01')], {}],
      ['select $1::jsonb as doc', [{ a: [1, 2] }], undefined],
      ['update people set tags = tags where id > $1', [0], undefined],
      ['with x as (select 1 as one) select * from x', [], DRIZZLE_OPTIONS],
    ];
    const before = cached.statementStats();
    for (let run = 0; run < 3; run++) {
      for (const [text, params, options] of questions) {
        expect(await cached.query(text, params, options)).toEqual(
          await plain.query(text, params, options),
        );
      }
    }
    const stats = cached.statementStats();
    expect(stats.prepared - before.prepared).toBe(questions.length);
    expect(stats.reused - before.reused).toBe(questions.length * 2);
  });

  it('keeps data statements as named statements, and nothing else', async () => {
    const before = await preparedNames(cached);
    await cached.query('select email from people where id = $1', [1]);
    await cached.query('set application_name = $1', ['x']).catch(() => undefined);
    await cached.query('create temporary table scratch (n int)');
    const added = (await preparedNames(cached)).filter((name) => !before.includes(name));
    // The select alone (the catalogue read was kept by its first run, within `before`).
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^pglite_\d+$/);
    expect(cached.statementStats().size).toBe((await preparedNames(cached)).length);
  });

  it('answers errors as PGlite does, and the statement still runs afterwards', async () => {
    const insert = 'insert into people (email) values ($1) returning id';
    const error = await cached.query(insert, ['ana@example.com']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['ana@example.com'] });
    const { rows } = await cached.query<{ id: number }>(insert, ['cy@example.com']);
    expect(rows[0]?.id).toEqual(expect.any(Number));

    const syntax = await cached.query('select from where').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    const size = cached.statementStats().size;
    await cached.query('select from where').catch(() => undefined);
    expect(cached.statementStats().size).toBe(size);
  });

  it('runs kept statements inside transactions, which still roll back', async () => {
    const insert = 'insert into people (email) values ($1)';
    const count = 'select count(*)::int as n from people where email like $1';
    const rolledBack = cached.transaction(async (tx) => {
      await tx.query(insert, ['tx-1@example.com']);
      const { rows } = await tx.query<{ n: number }>(count, ['tx-%']);
      expect(rows[0]?.n).toBe(1);
      throw new Error('undo');
    });
    await expect(rolledBack).rejects.toThrow('undo');
    expect((await cached.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(0);

    await cached.transaction(async (tx) => {
      await tx.query(insert, ['tx-2@example.com']);
      await tx.rollback();
      await expect(tx.query(count, ['tx-%'])).rejects.toThrow('Transaction is closed');
    });
    expect((await cached.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(0);

    await cached.transaction(async (tx) => {
      await tx.query(insert, ['tx-3@example.com']);
    });
    expect((await cached.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(1);
  });

  it('parses a kept statement again when a table changes under it', async () => {
    await cached.exec('create table notes (id int primary key, body text)');
    await cached.query("insert into notes values (1, 'hi')");
    expect((await cached.query('select * from notes')).rows).toEqual([{ id: 1, body: 'hi' }]);
    await cached.exec('alter table notes add column pinned boolean not null default false');
    expect((await cached.query('select * from notes')).rows).toEqual([
      { id: 1, body: 'hi', pinned: false },
    ]);
  });

  it(`closes the least recently used statement past ${STATEMENT_CACHE_SIZE}`, async () => {
    const db = await StatementCachingPGlite.open({ dataDir: 'memory://' });
    try {
      // PGlite's own start-up reads went through the cache first: they are the oldest.
      const atStart = db.statementStats();
      await db.query('select 0 as n');
      for (let n = 1; n <= STATEMENT_CACHE_SIZE; n++) {
        await db.query(`select ${n} as n`);
        if (n === STATEMENT_CACHE_SIZE - 1) await db.query('select 1 as n'); // used again: kept
      }
      const stats = db.statementStats();
      expect(stats.size).toBe(STATEMENT_CACHE_SIZE);
      expect(stats.closed - atStart.closed).toBe(atStart.size + 1);
      // This read is kept too, and pushes out the next least recently used: "select 2".
      const { rows } = await db.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      const kept = rows.map((row) => row.statement);
      expect(kept).toHaveLength(STATEMENT_CACHE_SIZE);
      expect(kept).toContain('select 1 as n');
      expect(kept).toContain(`select ${STATEMENT_CACHE_SIZE} as n`);
      expect(kept).not.toContain('select 0 as n');
      expect(kept).not.toContain('select 2 as n');
      const prepared = db.statementStats().prepared;
      expect((await db.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      expect(db.statementStats().prepared).toBe(prepared);
    } finally {
      await db.close();
    }
  });
});
