import { appointmentSlots } from './appointment-slots';
import { startPortal } from './lib/portal';
import { readSettings } from './lib/settings';

const kind = process.argv[2] ?? 'pglite';
const portal = await startPortal(
  kind === 'pglite' ? { kind: 'pglite' } : { kind: 'postgres', adminUrl: process.env.BENCH_DATABASE_URL },
  50,
  [],
);
try {
  const result = await appointmentSlots.run({
    settings: readSettings(),
    portals: () => Promise.resolve([portal]),
    progress: (m: string) => console.error(m),
  } as never);
  console.log(JSON.stringify(result.tables, null, 1), result.notes[0]);
} catch (error) {
  console.log('ERROR', error);
} finally {
  await portal.close();
}
