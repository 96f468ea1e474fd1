import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPersistedDocumentsFile } from '../src/graphql-host/persisted';

// Helpers of the tests that run the server as operators do: a real process (main.ts), signals,
// its log read line by line, and the web app's own GraphQL operations by name.

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The image's HEALTHCHECK command (deploy/Dockerfile), as the arguments Docker runs. */
export function imageHealthcheck(): string[] {
  const dockerfile = readFileSync(path.join(serverDir, '../../deploy/Dockerfile'), 'utf8');
  const command = /^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  if (!command) throw new Error('deploy/Dockerfile has no HEALTHCHECK CMD');
  return JSON.parse(command) as string[];
}

export interface ServerProcess {
  child: ChildProcess;
  /** Every line the process wrote, stdout and stderr, in arrival order. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Resolves once a line matches (or rejects after `ms`, or when the process exits first). */
  waitForLine(match: (line: string) => boolean, ms: number): Promise<string>;
}

/** Starts `src/main.ts` through tsx, as `npm start` does, with only the given environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
      for (const wake of waiters) wake();
    });
    stream.on('end', () => {
      if (rest) lines.push(rest);
      for (const wake of waiters) wake();
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) =>
      child.on('exit', (code, signal) => {
        done = true;
        for (const wake of waiters) wake();
        resolve({ code, signal, at: Date.now() });
      }),
  );
  const waitForLine = (match: (line: string) => boolean, ms: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no such line within ${ms} ms; last lines:\n${lines.slice(-15).join('\n')}`),
        );
      }, ms);
      function check() {
        const found = lines.find(match);
        if (found !== undefined || done) {
          clearTimeout(timer);
          waiters.delete(check);
          if (found !== undefined) resolve(found);
          else reject(new Error(`the process exited; last lines:\n${lines.slice(-15).join('\n')}`));
        }
      }
      waiters.add(check);
      check();
    });
  return { child, lines, exited, waitForLine };
}

/** The web app's persisted operations by operation name: what its GraphQL requests send. */
export function webOperations(): Map<string, { documentId: string; query: string }> {
  const documents = JSON.parse(readFileSync(defaultPersistedDocumentsFile, 'utf8')) as Record<
    string,
    string
  >;
  const byName = new Map<string, { documentId: string; query: string }>();
  for (const [documentId, query] of Object.entries(documents)) {
    for (const match of query.matchAll(/\b(?:query|mutation|subscription)\s+(\w+)/g)) {
      if (match[1]) byName.set(match[1], { documentId, query });
    }
  }
  return byName;
}

/**
 * The request the web app makes for one of its operations (apps/web/src/lib/api/graphql-http.ts):
 * a GET by persisted id for a query without variables, else a POST of the text with its hash.
 */
export function webRequest(
  operations: ReturnType<typeof webOperations>,
  name: string,
  variables: Record<string, unknown> = {},
): { path: string; method: 'GET' | 'POST'; body?: string } {
  const operation = operations.get(name);
  if (!operation) throw new Error(`the web app has no operation ${name}`);
  const isQuery = new RegExp(`\\bquery\\s+${name}\\b`).test(operation.query);
  if (isQuery && Object.keys(variables).length === 0) {
    const params = new URLSearchParams({ operationName: name, documentId: operation.documentId });
    return { path: `/graphql?${params.toString()}`, method: 'GET' };
  }
  return {
    path: '/graphql',
    method: 'POST',
    body: JSON.stringify({
      query: operation.query,
      variables,
      extensions: {
        persistedQuery: { version: 1, sha256Hash: operation.documentId.replace(/^sha256:/, '') },
      },
    }),
  };
}
