/** A table in the printed report; cells are already formatted. */
export interface Table {
  title?: string;
  headers: string[];
  rows: string[][];
  /** Columns (by index) to left-align; the rest are right-aligned numbers. */
  leftAligned?: number[];
}

/** What one benchmark hands back: tables and notes to print, data for latest.json. */
export interface SectionResult {
  tables: Table[];
  notes: string[];
  data: unknown;
}

export function formatTable(table: Table): string {
  const left = new Set(table.leftAligned ?? [0]);
  const widths = table.headers.map((h, i) =>
    Math.max(h.length, ...table.rows.map((r) => (r[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (left.has(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out: string[] = [];
  if (table.title) out.push(table.title);
  out.push(line(table.headers));
  out.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table.rows) out.push(line(row));
  return out.join('\n');
}

export function heading(text: string, char = '='): string {
  return `${text}\n${char.repeat(text.length)}`;
}

export const fmt = {
  rate: (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1)),
  ms: (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(n >= 10 ? 1 : 2)),
  ratio: (n: number) => `${n.toFixed(2)}×`,
  seconds: (n: number) => `${n.toFixed(1)} s`,
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
};

/** a / b, or NaN when b is 0 (printed as "n/a"). */
export function ratio(a: number, b: number): number {
  return b === 0 ? Number.NaN : a / b;
}

export function fmtRatio(n: number): string {
  return Number.isFinite(n) ? fmt.ratio(n) : 'n/a';
}

/** A goal cell: the goal and whether this figure meets it. */
export const goal = (met: boolean, text: string) => `${text} ${met ? 'met' : 'NOT met'}`;
