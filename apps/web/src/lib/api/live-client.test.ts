import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createLiveClient, retryDelayMs } from './live-client';

// Issue 40: a draining instance closes its sockets with 1001 and another one takes them. What
// changed in between was announced to nobody, so the client reads again after it reconnects.

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

function startServer(): { url: string; wss: WebSocketServer } {
  // The graphql-transport-ws protocol's server side, as much as this test needs: acknowledge
  // the connection, answer each subscribe with one event.
  const wss = new WebSocketServer({ port: 0, handleProtocols: () => 'graphql-transport-ws' });
  wss.on('connection', (socket) => {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string; id?: string };
      if (message.type === 'connection_init') {
        socket.send(JSON.stringify({ type: 'connection_ack' }));
      } else if (message.type === 'subscribe') {
        socket.send(
          JSON.stringify({ type: 'next', id: message.id, payload: { data: { ticks: 1 } } }),
        );
      }
    });
  });
  open.push(wss);
  return { url: `ws://127.0.0.1:${String((wss.address() as AddressInfo).port)}`, wss };
}

const TICKS = { toString: () => 'subscription { ticks }' } as never;

describe('the live client', () => {
  it('reads again after a reconnect (not after the first connect)', async () => {
    const { url, wss } = startServer();
    let reconnects = 0;
    const events: unknown[] = [];
    const client = createLiveClient({
      url,
      webSocketImpl: WebSocket,
      getAccessToken: () => Promise.resolve('token'),
      refreshAccessToken: () => Promise.resolve('token'),
      onReconnected: () => {
        reconnects += 1;
      },
    });
    open.push({ close: () => client.dispose() });
    client.subscribe(TICKS, (data) => events.push(data));
    await expect.poll(() => events.length).toBe(1);
    expect(reconnects).toBe(0);

    // The instance drains: every socket gets 1001 ("going away").
    for (const socket of wss.clients) socket.close(1001, 'draining');
    await expect.poll(() => reconnects, { timeout: 5_000 }).toBe(1);
    // The subscription came back on the new socket.
    await expect.poll(() => events.length, { timeout: 5_000 }).toBe(2);
  });

  it('retries quickly first, then backs off to 10 s, with jitter', () => {
    expect(retryDelayMs(0, () => 0)).toBe(250);
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(3, () => 0.999)).toBe(2249);
    expect(retryDelayMs(20, () => 0)).toBe(10_000);
  });
});
