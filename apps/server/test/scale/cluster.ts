import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../harness';
import { PRODUCTION_TEST_LINKS } from '../production-env';
import { redisAnswers } from '../redis-available';
import { serverDir, startServerProcess, type ServerProcess } from '../process';
import { startS3Server, type S3Server } from '../s3-server';

// What the scale test runs on: a temporary PostgreSQL database, a Redis database of its own,
// one S3 bucket (s3rver, in this process) for the documents, server instances in production
// mode (main.ts), and Debian's nginx with the deploy/ configuration in front of them.

export const repoDir = path.resolve(serverDir, '../..');
export const deployDir = path.join(repoDir, 'deploy');

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The Redis database the test owns (flushed first): the rate limits count from zero. */
const REDIS_DB = 13;
/**
 * The scheduler's timing on the instances: a job claimed by an instance that dies is taken
 * over after the lease (5 minutes in production), and found within a tick (30 s there).
 */
export const JOB_TIMING = { tickMs: 500, leaseMs: 3_000 };

/** The name an instance's database connections carry (pg_stat_activity.application_name). */
export const applicationName = (i: number) => `portal-scale-${i}`;

function answers(url: string, port: number): Promise<boolean> {
  const { hostname } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port || port), hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** Why the test cannot run here, or undefined when PostgreSQL, Redis and nginx are all there. */
export async function missing(): Promise<string | undefined> {
  const lacks: string[] = [];
  if (!(await answers(DATABASE_URL, 5432)))
    lacks.push(`no PostgreSQL at ${new URL(DATABASE_URL).host}`);
  if (!(await redisAnswers(REDIS_URL))) lacks.push(`no Redis at ${new URL(REDIS_URL).host}`);
  if (!nginxBinary()) lacks.push('no nginx (Debian: apt-get install nginx)');
  return lacks.length > 0 ? lacks.join('; ') : undefined;
}

export interface Cluster {
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  /** The one bucket every instance keeps documents in. */
  s3: S3Server;
  /** The address customers use: nginx. */
  proxy: string;
  instances: Instance[];
  env: Record<string, string>;
  /** Starts instance i again (after it stopped) on the same port. */
  restart(i: number): Promise<Instance>;
  close(): Promise<void>;
}

export interface Instance {
  port: number;
  url: string;
  process: ServerProcess;
  /** How long from spawn to /readyz answering 200. */
  readyAfterMs: number;
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function waitReady(url: string, process: ServerProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let exited = false;
  void process.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become ready:\n${process.lines.slice(-20).join('\n')}`);
}

/**
 * The nginx configuration the test runs: deploy/nginx/portal.conf's upstream and map blocks
 * with the instances' ports, and a plain-HTTP server on a free port that includes
 * deploy/nginx/portal-locations.conf, the locations production uses behind its TLS server.
 */
export function nginxConfig(dir: string, listen: number, ports: number[]): string {
  const site = readFileSync(path.join(deployDir, 'nginx/portal.conf'), 'utf8');
  const upstream = /^upstream portal \{[\s\S]*?^\}/m.exec(site)?.[0];
  const map = /^map \$http_upgrade \$connection_upgrade \{[\s\S]*?^\}/m.exec(site)?.[0];
  if (!upstream || !map)
    throw new Error('deploy/nginx/portal.conf lacks its upstream or map block');
  let next = 0;
  const servers = upstream.replace(
    /server 127\.0\.0\.1:\d+/g,
    () => `server 127.0.0.1:${ports[next++]}`,
  );
  if (next !== ports.length)
    throw new Error(`the upstream names ${next} instances, not ${ports.length}`);
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 2;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${map}
  ${servers}
  server {
    listen 127.0.0.1:${listen};
    include ${deployDir}/nginx/portal-locations.conf;
  }
}
`;
}

/** Starts PostgreSQL's database, Redis' database, `count` instances at once, and nginx. */
export async function startCluster(count: number): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
  const database = await createDatabase();
  const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`;
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const s3 = await startS3Server();
  // What a production start needs (config.ts refuses it otherwise), with test stand-ins.
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL: proxy,
    PASSKEY_RP_ID: '127.0.0.1',
    PASSKEY_ORIGIN: proxy,
    // Nothing in the test sends mail; nothing listens there.
    SMTP_URL: 'smtp://127.0.0.1:9',
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_scaletest',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_scaletest',
    STRIPE_WEBHOOK_SECRET: 'whsec_scaletest',
    PROVIDER_LEGAL_NAME: 'Scale Test Medical Group',
    PROVIDER_TAX_ID: '12-3456789',
    ...PRODUCTION_TEST_LINKS,
    // Documents in the one bucket, so any instance serves a file another stored.
    ...s3.env,
    SEED_DEMO: 'false',
    TRUST_PROXY: '127.0.0.1',
    DRAIN_DELAY_MS: '1000',
    // nginx's passive checks (deploy/nginx): a draining instance refuses reads, so nginx takes
    // it out before its listener closes (platform/lifecycle.ts).
    DRAIN_REFUSE_READS: 'true',
    LOG_LEVEL: 'warn',
    JOBS_TICK_MS: String(JOB_TIMING.tickMs),
    JOBS_LEASE_MS: String(JOB_TIMING.leaseMs),
  };
  const children: ChildProcess[] = [];
  const launch = async (i: number): Promise<Instance> => {
    const port = ports[i]!;
    const started = Date.now();
    // Each instance's connections carry its name, so the test sees which one waits on a lock.
    const databaseUrl = new URL(database.url);
    databaseUrl.searchParams.set('application_name', applicationName(i));
    const process = startServerProcess({
      ...env,
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      DATA_DIR: path.join(dir, `data-${i}`),
    });
    children.push(process.child);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, process, 90_000);
    return { port, url, process, readyAfterMs: Date.now() - started };
  };
  const instances = await Promise.all(Array.from({ length: count }, (_, i) => launch(i)));

  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig(dir, proxyPort, ports));
  const nginx = spawn(nginxBinary()!, ['-c', configFile, '-p', dir], { stdio: 'ignore' });
  children.push(nginx);
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${proxy}/livez`)).status === 200) break;
    } catch {
      if (Date.now() > until)
        throw new Error(readFileSync(path.join(dir, 'nginx-error.log'), 'utf8'));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    dir,
    databaseUrl: database.url,
    redisUrl,
    s3,
    proxy,
    instances,
    env,
    restart: async (i) => {
      const instance = await launch(i);
      instances[i] = instance;
      return instance;
    },
    close: async () => {
      // nginx first, by SIGTERM: its master ends its workers then; killed, it left them running
      // (orphans holding the proxy's port after the test).
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      }
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await s3.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
