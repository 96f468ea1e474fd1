import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../../src/db/client';

// What the scale test's checks share: a table row per check, client addresses, the migrations.

export interface Row {
  check: string;
  ok: boolean;
  numbers: string;
}
export const rows: Row[] = [];
export function record(check: string, ok: boolean, numbers: string): void {
  rows.push({ check, ok, numbers });
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${check}: ${numbers}\n`);
}

/** A distinct loopback address per client (all of 127/8 is this machine). */
export const address = (group: number, n: number) =>
  `127.${group}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function migrationRows(
  database: Database,
): Promise<{ rows: number; distinct: number }> {
  const result = await database.db.execute(
    sql`select count(*)::int as rows, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
  );
  const [row] = (result as { rows: { rows: number; distinct: number }[] }).rows;
  return row ?? { rows: 0, distinct: 0 };
}

export const journal = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
