import { getHeapSnapshot } from 'node:v8';

/** Live objects of one kind in a heap snapshot: how many and their own (shallow) bytes. */
export interface CensusEntry {
  count: number;
  bytes: number;
}

/** kind ("object Foo", "closure bar", "string", "array (object elements)"…) → census. */
export type HeapCensus = Map<string, CensusEntry>;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

async function readSnapshot(): Promise<Snapshot> {
  const chunks: Buffer[] = [];
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Snapshot;
}

/**
 * Counts this thread's live heap objects by kind, from a V8 heap snapshot (which collects
 * garbage first). Objects group by constructor, closures by function name, the rest by type
 * (strings, arrays, code, hidden V8 internals) with the name for arrays and hidden objects.
 */
export async function heapCensus(): Promise<HeapCensus> {
  const { snapshot, nodes, strings } = await readSnapshot();
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const census: HeapCensus = new Map();
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!] ?? 'unknown';
    const name = strings[nodes[i + nameAt]!] ?? '';
    const kind =
      type === 'object' || type === 'closure' || type === 'hidden' || type === 'array'
        ? `${type} ${name.slice(0, 60)}`
        : type;
    const entry = census.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += nodes[i + sizeAt]!;
    census.set(kind, entry);
  }
  return census;
}

/** What grew between two censuses, largest first, per `per` units (connections). */
export function censusGrowth(
  before: HeapCensus,
  after: HeapCensus,
  per: number,
  top = 15,
): { kind: string; countPer: number; bytesPer: number }[] {
  const rows: { kind: string; countPer: number; bytesPer: number }[] = [];
  for (const [kind, a] of after) {
    const b = before.get(kind) ?? { count: 0, bytes: 0 };
    const bytes = a.bytes - b.bytes;
    if (bytes <= 0) continue;
    rows.push({ kind, countPer: (a.count - b.count) / per, bytesPer: bytes / per });
  }
  return rows.sort((x, y) => y.bytesPer - x.bytesPer).slice(0, top);
}
