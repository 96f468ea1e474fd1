import type { AppExtension, PortalServer } from './portal';
import type { SectionResult } from './report';
import type { BenchSettings } from './settings';

export interface BenchContext {
  settings: BenchSettings;
  /**
   * Seeded portal servers, one per database (PGlite, then PostgreSQL when a URL is set and
   * answers), started on the first call and shared by every benchmark of the run.
   */
  portals(): Promise<PortalServer[]>;
  /** A progress line on stderr (the report goes to stdout at the end). */
  progress(message: string): void;
}

/**
 * One benchmark: a file under src/ exporting one of these, listed once in run.ts. It returns
 * tables and notes for the printed report and data for results/latest.json.
 */
export interface Benchmark {
  /** Key in latest.json and for BENCH_ONLY. */
  id: string;
  title: string;
  /** Routes this benchmark needs on the portal servers, added before they listen. */
  extendApp?: AppExtension;
  run(ctx: BenchContext): Promise<SectionResult>;
}
