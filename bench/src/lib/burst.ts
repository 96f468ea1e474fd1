import { Worker } from 'node:worker_threads';

/** One POST of a burst: the bearer token and the JSON body. */
export interface BurstRequest {
  token: string;
  body: string;
}

export interface BurstResult {
  seconds: number;
  /** Per request, in the order given: milliseconds and the answer's parsed JSON. */
  answers: { ms: number; json: unknown }[];
}

// The client runs in its own thread (plain JS: a worker does not load tsx), like autocannon for
// the other rows: 200 fetches parsed on the server's own event loop would be counted as the
// server's latency. Its fetch is warmed by one request before the clock starts.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, warmUrl, requests } = workerData;
(async () => {
  await (await fetch(warmUrl)).arrayBuffer();
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async ({ token, body }) => {
      const t0 = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
        body,
      });
      const json = await response.json();
      return { ms: performance.now() - t0, json };
    }),
  );
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, answers });
})().catch((error) => {
  throw error;
});
`;

/** Sends every request at once from a worker thread and answers when all have answered. */
export function postBurst(url: string, warmUrl: string, requests: BurstRequest[]) {
  return new Promise<BurstResult>((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { url, warmUrl, requests } });
    worker.once('message', (result: BurstResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`burst worker exited with ${code}`));
    });
  });
}
