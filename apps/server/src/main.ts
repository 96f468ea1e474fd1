import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, parseConfig, startupWarnings } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo/seed';
import { DEMO_STAFF_ACCOUNTS } from './demo/seed-messaging';
import { drainAndClose, SHUTDOWN_DEADLINE_MS } from './platform/lifecycle';
import { readAppVersion } from './version';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env, readAppVersion());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nThe server did not start.\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);

  const { app, platform, lifecycle, staffFactors } = await buildApp({ config, database });
  // After buildApp, so the demo's lab PDFs go to the document store the app reads.
  const seeded = config.seedDemo
    ? await seedDemoData(database.db, undefined, {
        files: platform.files,
        staffFactors,
      })
    : false;
  // SIGTERM or SIGINT drains (platform/lifecycle.ts) and exits 0; an uncaught error is logged
  // and drains too, then exits 1; past the deadline, or on a second signal, it exits 1 at once.
  // close-with-grace (Fastify's authors) rather than our own handlers: it covers each of those
  // once and keeps the deadline timer running even when the close blocks the event loop.
  closeWithGrace(
    {
      delay: SHUTDOWN_DEADLINE_MS,
      logger: {
        error: (message: unknown) =>
          app.log.error(message instanceof Error ? { err: message } : { message }, 'shutdown'),
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an uncaught error');
      else app.log.info({ signal }, 'shutting down');
      await drainAndClose({ app, lifecycle, database, drainDelayMs: config.drainDelayMs });
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL'
    : `embedded PGlite (${path.join(config.dataDir, 'pglite')})`;
  const lines = [
    '',
    `Patient portal ${config.version} is running at ${config.publicUrl} on ${where}.`,
  ];
  if (config.seedDemo) {
    lines.push(seeded ? 'Demo data was seeded. Demo sign-in:' : 'Demo sign-in:');
    for (const account of DEMO_ACCOUNTS)
      lines.push(`  ${account.email.padEnd(32)} ${account.password}   ${account.description}`);
    // The staff accounts' authenticator secrets are published demo values (see seed-messaging.ts).
    for (const account of DEMO_STAFF_ACCOUNTS) {
      lines.push(
        `  ${account.email.padEnd(32)} ${DEMO_PASSWORD}   ${account.description}`,
        `  ${''.padEnd(32)} authenticator secret ${account.totpSecret}`,
      );
    }
  }
  if (!config.smtpUrl && !config.isProduction)
    lines.push(`Mail goes to the development outbox: ${config.publicUrl}/dev/mailbox`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  for (const warning of startupWarnings(config)) process.stderr.write(`${warning}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
