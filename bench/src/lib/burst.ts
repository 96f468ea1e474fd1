import { Worker } from 'node:worker_threads';
import { cpuPer, cpuReading, type CpuReading, type CpuTicks } from './thread-cpu';

/** One POST of a burst: the bearer token, the JSON body, and what the customer sent before. */
export interface BurstRequest {
  token: string;
  body: string;
  /**
   * A POST the customer's page sent just before, on the same connection (the booking dialog's
   * slots for the day): it opens the connection and the server has checked the session.
   * Without it the connection is opened by a GET of the warm-up URL.
   */
  before?: string;
}

export interface BurstResult {
  seconds: number;
  /** Per request, in the order given: milliseconds and the answer's parsed JSON. */
  answers: { ms: number; json: unknown }[];
  /**
   * CPU per request of the timed part (from the first send to the last answer), by thread kind
   * (thread-cpu.ts): the server's event loop, libuv's pool, V8's helpers and PostgreSQL. The
   * client is a worker thread of this process too, but not counted (its thread kind is other).
   */
  cpuMsPerRequest?: CpuTicks | undefined;
}

/**
 * How the burst's customers reach the server:
 * - "open": each over its own keep-alive connection, opened by the request before (as a
 *   signed-in page keeps one to the API), with node:http; the clock starts once all are open.
 * - "new": each fetch (undici) opens a new connection inside the timed burst.
 */
export type BurstConnections = 'open' | 'new';

// The client runs in its own thread (plain JS: a worker does not load tsx), like autocannon for
// the other rows: 200 requests and answers parsed on the server's own event loop would be counted
// as the server's latency. Latency is from the send to the parsed answer.
const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, warmUrl, requests, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: requests.length });
function send(target, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
const post = (token, body) =>
  send(url, 'POST', {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    authorization: 'Bearer ' + token,
  }, body);
const viaFetch = async (token, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body,
  });
  return response.text();
};
(async () => {
  if (connections === 'open') {
    await Promise.all(requests.map(({ token, before }) =>
      before === undefined ? send(warmUrl, 'GET', {}) : post(token, before)));
  } else {
    await (await fetch(warmUrl)).arrayBuffer();
  }
  const one = connections === 'open' ? post : viaFetch;
  parentPort.postMessage({ started: true });
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async ({ token, body }) => {
      const t0 = performance.now();
      const text = await one(token, body);
      return { ms: performance.now() - t0, json: JSON.parse(text) };
    }),
  );
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, answers });
})().catch((error) => {
  throw error;
});
`;

/** Sends every request at once from a worker thread and answers when all have answered. */
export function postBurst(
  url: string,
  warmUrl: string,
  requests: BurstRequest[],
  connections: BurstConnections = 'open',
) {
  return new Promise<BurstResult>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { url, warmUrl, requests, connections },
    });
    let before: CpuReading | undefined;
    worker.on('message', (message: BurstResult | { started: true }) => {
      // The timed part starts: the CPU count starts with it.
      if ('started' in message) {
        before = cpuReading();
        return;
      }
      resolve({ ...message, cpuMsPerRequest: cpuPer(before, cpuReading(), requests.length) });
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`burst worker exited with ${code}`));
    });
  });
}
