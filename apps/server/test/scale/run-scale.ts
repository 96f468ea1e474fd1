import { openDatabase, type Database } from '../../src/db/client';
import { createCustomer, TEST_PASSWORD } from '../factories';
import { createStaffUser } from '../messaging-helpers';
import {
  closeAgents,
  json,
  operation,
  rawSubscription,
  request,
  signIn,
  staffToken,
  type Session,
} from './clients';
import { missing, startCluster, type Cluster, type Instance } from './cluster';
import { address, journal, migrationRows, pause, record, rows } from './common';
import { documentAcrossInstances } from './documents';
import { drainUnderLoad, restartAndKill } from './failover';
import { jobTakeover } from './job-takeover';

// npm run test:scale (issue 40, "Several instances, proven"): three production instances on
// one PostgreSQL, one Redis and one S3 bucket (s3rver) behind Debian's nginx with deploy/nginx,
// and the checks below.
// Prints a table of checks and numbers; exits 1 when a check fails. Says NOT RUN (exit 0)
// when PostgreSQL, Redis or nginx is absent.

/** Requests an instance answered for a route (its /metrics, read from loopback). */
async function served(instance: Instance, route: string): Promise<number> {
  try {
    const text = await (await fetch(`${instance.url}/metrics`)).text();
    return text
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('portal_http_request_duration_seconds_count{') &&
          line.includes(`route="${route}"`),
      )
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  } catch {
    return 0;
  }
}

async function customerAnswers(instance: Instance, from: string, session: Session) {
  const answer = await operation(instance.url, from, session.access, 'GetCustomerData');
  return json<{ data?: { customer?: { id: string } | null } }>(answer).data?.customer?.id;
}

async function run(cluster: Cluster, database: Database): Promise<void> {
  const [a, b, c] = cluster.instances as [Instance, Instance, Instance];
  const applied = await migrationRows(database);
  record(
    'three instances start at once on an empty database',
    applied.rows === journal && applied.distinct === journal,
    `ready after ${cluster.instances.map((i) => `${i.readyAfterMs} ms`).join(', ')}; ` +
      `${applied.rows} migration rows for ${journal} migrations`,
  );

  const customers = await Promise.all(
    Array.from({ length: 20 }, () => createCustomer(database.db)),
  );
  // Its own customer: the identity limit check spends this email's sign-ins.
  const limited = await createCustomer(database.db);
  const staff = await createStaffUser(database.db);
  const staffAccess = await staffToken(a.url, address(1, 200), staff.email, TEST_PASSWORD);

  // A session made on one instance works on the others.
  const first = customers[0]!;
  const session = await signIn(a.url, address(1, 0), first.user.email, TEST_PASSWORD);
  const seen = await Promise.all([b, c].map((i) => customerAnswers(i, address(1, 0), session)));
  record(
    'a session made on A works on B and C',
    seen.every((id) => id === first.customer.id),
    `signed in on A; GetCustomerData answered on B and C: ${seen.filter(Boolean).length}/2`,
  );

  // Signing out on A ends the access token and the open subscriptions on B and C.
  const sockets = await Promise.all([b, c].map((i) => rawSubscription(i.url, session.access)));
  const signedOutAt = Date.now();
  const out = await request(`${a.url}/identity/sign-out`, {
    from: address(1, 0),
    method: 'POST',
    body: JSON.stringify({ refreshToken: session.refresh }),
  });
  const refusedAfter = await Promise.all(
    [b, c].map(async (i) => {
      while (Date.now() - signedOutAt < 3_000) {
        if ((await customerAnswers(i, address(1, 0), session)) === undefined)
          return Date.now() - signedOutAt;
        await pause(10);
      }
      return Infinity;
    }),
  );
  const closed = await Promise.all(
    sockets.map((s) =>
      Promise.race([s.closed, pause(3_000).then(() => ({ code: 0, at: Infinity }))]),
    ),
  );
  const closedAfter = closed.map((s) => s.at - signedOutAt);
  record(
    'signing out on A ends the token and the subscriptions on B and C within 1 s',
    out.status === 204 &&
      [...refusedAfter, ...closedAfter].every((ms) => ms < 1_000) &&
      closed.every((s) => s.code === 4403),
    `token refused on B, C after ${refusedAfter.join(', ')} ms; sockets closed (${closed.map((s) => s.code).join(', ')}) after ${closedAfter.join(', ')} ms`,
  );

  // A message posted through A reaches a subscriber on B.
  const second = customers[1]!;
  const follower = await signIn(b.url, address(1, 1), second.user.email, TEST_PASSWORD);
  const live = await rawSubscription(b.url, follower.access);
  const delivered = new Promise<number>((resolve) =>
    live.socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'next') resolve(Date.now());
    }),
  );
  await pause(200);
  const postedAt = Date.now();
  const posted = await request(`${a.url}/staff/customers/${second.customer.id}/messages`, {
    from: address(1, 200),
    method: 'POST',
    headers: { authorization: `Bearer ${staffAccess}` },
    body: JSON.stringify({ type: 'treatment_update', html: '<p>across instances</p>' }),
  });
  const arrived = await Promise.race([delivered, pause(3_000).then(() => Infinity)]);
  live.socket.close();
  record(
    'a message posted through A reaches its subscriber on B',
    posted.status === 201 && arrived - postedAt < 1_000,
    `delivered ${arrived - postedAt} ms after the post`,
  );

  // A lab result attached through A is served by C, from the one bucket.
  await documentAcrossInstances(cluster, customers[2]!, staffAccess);

  // The identity limit (10 sign-ins per email in 15 min) and the global limit (600 API
  // requests a minute per address) count across instances as on one: through nginx, which
  // spreads the attempts over all three.
  const before = await Promise.all(cluster.instances.map((i) => served(i, '/identity/sign-in')));
  const signIns: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const answer = await request(`${cluster.proxy}/identity/sign-in`, {
      from: address(4, 0),
      method: 'POST',
      body: JSON.stringify({ email: limited.user.email, password: 'WrongPass9' }),
    });
    signIns.push(answer.status);
  }
  const after = await Promise.all(cluster.instances.map((i) => served(i, '/identity/sign-in')));
  const spread = after.map((n, i) => n - before[i]!);
  const allowed = signIns.filter((s) => s === 401).length;
  record(
    'the identity limit counts across instances as one',
    allowed === 10 &&
      signIns.slice(10).every((s) => s === 429) &&
      spread.filter((n) => n > 0).length === 3,
    `12 wrong sign-ins for one email: ${allowed} answered 401, then ${signIns.slice(10).join(', ')}; instances answered ${spread.join('/')}`,
  );
  const jwksBefore = await Promise.all(
    cluster.instances.map((i) => served(i, '/.well-known/jwks.json')),
  );
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < 605) {
        next += 1;
        const answer = await request(`${cluster.proxy}/.well-known/jwks.json`, {
          from: address(5, 0),
        });
        statuses.push(answer.status);
      }
    }),
  );
  const jwksAfter = await Promise.all(
    cluster.instances.map((i) => served(i, '/.well-known/jwks.json')),
  );
  const ok = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  record(
    'the global limit counts across instances as one',
    ok === 600 && refused === 5,
    `605 API requests from one address: ${ok} answered, ${refused} refused (429); instances answered ${jwksAfter.map((n, i) => n - jwksBefore[i]!).join('/')}`,
  );

  await drainUnderLoad(cluster, database, customers, staffAccess);
  await restartAndKill(cluster, database, customers, staffAccess);
  await jobTakeover(cluster, database);
}

const why = await missing();
if (why) {
  process.stdout.write(`Scale test NOT RUN: ${why}\n`);
  process.exit(0);
}
const started = Date.now();
let cluster: Cluster | undefined;
let database: Database | undefined;
try {
  cluster = await startCluster(3);
  database = await openDatabase({ databaseUrl: cluster.databaseUrl, poolSize: 4 });
  await run(cluster, database);
} catch (error) {
  record(
    'the scale test ran to the end',
    false,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
} finally {
  closeAgents();
  await database?.close();
  await cluster?.close();
}
const width = Math.max(...rows.map((r) => r.check.length));
process.stdout.write(
  `\nScale test: 3 instances behind nginx, ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`,
);
process.stdout.write(
  `| ${'check'.padEnd(width)} | result | numbers |\n| ${'-'.repeat(width)} | ------ | ------- |\n`,
);
for (const row of rows)
  process.stdout.write(
    `| ${row.check.padEnd(width)} | ${row.ok ? 'ok    ' : 'FAILED'} | ${row.numbers} |\n`,
  );
const failed = rows.filter((r) => !r.ok).length;
process.stdout.write(`\nscale: ${rows.length - failed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
