import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlotFlights, type SlotOutcome } from './booking-flight';

// Issue 46: the per-slot single flight of bookings (booking-flight.ts), on its own clock.

const taken: SlotOutcome = {
  taken: true,
  customerId: 'c1',
  treatmentShortId: 't',
  treatmentId: 'tid',
};

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SlotFlights', () => {
  it('the second attempt on a slot waits for the first and is told what it saw', async () => {
    const flights = new SlotFlights(clock().now);
    const seen: string[] = [];
    const first = flights.run('s', async (before, settle) => {
      seen.push(`first ${before.taken}`);
      await Promise.resolve();
      settle(taken);
      seen.push('first settled');
      await new Promise((r) => setTimeout(r, 5));
      seen.push('first done');
    });
    const second = flights.run('s', (before) => {
      seen.push(`second ${before.taken}`);
      return Promise.resolve();
    });
    await Promise.all([first, second]);
    // The second went on once the first settled, not once it ended (its mail, say).
    expect(seen).toEqual(['first false', 'first settled', 'second true', 'first done']);
  });

  it('an attempt that ends without seeing a visit tells the next nothing, a failure included', async () => {
    const flights = new SlotFlights(clock().now);
    const first = flights.run('s', () => Promise.reject(new Error('its own reason')));
    const second = flights.run('s', (before) => Promise.resolve(before));
    await expect(first).rejects.toThrow('its own reason');
    expect(await second).toEqual({ taken: false });
    expect(flights.size).toBe(0);
  });

  it('a visit seen answers later attempts for a second, not after, and not once forgotten', async () => {
    const time = clock();
    const flights = new SlotFlights(time.now);
    await flights.run('s', (_before, settle) => Promise.resolve(settle(taken)));
    time.advance(999);
    expect(await flights.run('s', (before) => Promise.resolve(before))).toBe(taken);
    time.advance(1);
    expect(await flights.run('s', (before) => Promise.resolve(before))).toEqual({ taken: false });

    await flights.run('s', (_before, settle) => Promise.resolve(settle(taken)));
    flights.forget('s');
    expect(await flights.run('s', (before) => Promise.resolve(before))).toEqual({ taken: false });
  });

  it('passing on what it was told does not keep a visit remembered any longer', async () => {
    const time = clock();
    const flights = new SlotFlights(time.now);
    await flights.run('s', (_before, settle) => Promise.resolve(settle(taken)));
    time.advance(600);
    await flights.run('s', (before, settle) => Promise.resolve(settle(before)));
    time.advance(600);
    expect(await flights.run('s', (before) => Promise.resolve(before))).toEqual({ taken: false });
  });

  it('an attempt stuck for two seconds no longer holds the next one back', async () => {
    vi.useFakeTimers();
    const flights = new SlotFlights(clock().now);
    void flights.run('s', () => new Promise(() => undefined));
    let went: SlotOutcome | undefined;
    const second = flights.run('s', (before) => Promise.resolve((went = before)));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(went).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(went).toEqual({ taken: false });
  });
});
