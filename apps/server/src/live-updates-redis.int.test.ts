import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import type { Database } from './db/client';
import { ephemeralSigningKeys } from './identity/keys';
import { TestClock } from './platform/clock';
import { createCustomer } from '../test/factories';
import { openTestDatabase } from '../test/harness';
import {
  connect,
  createStaffUser,
  customerTokenFor,
  follow,
  pause,
  type Reachable,
  staffCall,
  staffTokenFor,
  waitFor,
} from '../test/messaging-helpers';
import { redisAnswers, startInstance, TEST_REDIS_URL } from '../test/redis-available';

// Two server instances behind one database, as in production behind a load balancer: the
// only path between them is the pub/sub emitter. A message posted through instance A must
// reach a client whose websocket is open on instance B when REDIS_URL is set, and (the
// control) must not when each instance has only its in-process emitter.

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) {
  process.stdout.write(
    `Redis suite NOT RUN (provider messages across two instances): nothing answers at ${REDIS_URL}\n`,
  );
}

const QUERY = 'subscription { providerMessagesChanged { change id message { id read } } }';
interface Change {
  providerMessagesChanged: { change: string; id: string; message: { id: string } | null };
}

function pair(redisUrl: string | undefined) {
  const state = {
    a: undefined as unknown as App & Reachable,
    b: undefined as unknown as App & Reachable,
    database: undefined as unknown as Database,
    clients: [] as Client[],
  };
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ database: state.database, drop } = await openTestDatabase());
    const keys = await ephemeralSigningKeys();
    const clock = new TestClock(new Date());
    state.a = await startInstance(state.database, keys, clock, redisUrl);
    state.b = await startInstance(state.database, keys, clock, redisUrl);
  });
  afterAll(async () => {
    await Promise.all(state.clients.map(async (c) => c.dispose()));
    await state.a?.app.close();
    await state.b?.app.close();
    await state.database?.close();
    await drop();
  });
  return state;
}

/** Follows on B, posts through A; returns what B's clients of customer 1 and 2 received. */
async function postThroughAFollowOnB(state: ReturnType<typeof pair>) {
  const db = state.database.db;
  const one = await createCustomer(db);
  const two = await createCustomer(db);
  const staff = await createStaffUser(db);
  const followOne = follow<Change>(
    connect(state.b.url, await customerTokenFor(state.b, one.user.email), state.clients),
    QUERY,
  );
  const followTwo = follow<Change>(
    connect(state.b.url, await customerTokenFor(state.b, two.user.email), state.clients),
    QUERY,
  );
  await pause(500);
  const posted = await staffCall<{ id: string }>(
    state.a,
    'POST',
    `/staff/customers/${one.customer.id}/messages`,
    await staffTokenFor(state.a, staff.email),
    { type: 'treatment_update', html: '<p>across instances</p>' },
  );
  expect(posted.status).toBe(201);
  return { posted: posted.body.id, followOne, followTwo };
}

describe.skipIf(!available)(
  `provider messages across two instances (Redis at ${REDIS_URL})`,
  () => {
    const state = pair(REDIS_URL);

    it("delivers a message posted on instance A to the customer's client on instance B only", async () => {
      const { posted, followOne, followTwo } = await postThroughAFollowOnB(state);
      await waitFor(() => followOne.received.length === 1);
      await pause(300);
      expect(followOne.received).toEqual([
        {
          providerMessagesChanged: {
            change: 'created',
            id: posted,
            message: { id: posted, read: false },
          },
        },
      ]);
      expect(followOne.errors).toEqual([]);
      expect(followTwo.received).toEqual([]);
    });
  },
);

describe('control: two instances without Redis', () => {
  const state = pair(undefined);

  it('do not deliver across instances, so the Redis suite tests the Redis path', async () => {
    const { followOne, followTwo } = await postThroughAFollowOnB(state);
    await pause(700);
    expect(followOne.received).toEqual([]);
    expect(followTwo.received).toEqual([]);
  });
});
