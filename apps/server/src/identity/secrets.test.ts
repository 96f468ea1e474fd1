import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { argon2Slots, argon2SlotsFor, hashPassword, slotQueue, verifyPassword } from './secrets';

// No module mock here: the server suite shares one module graph per worker, so the queue is
// tested with work of its own, and the real argon2 checks are shown to go through it.

describe('the slot queue', () => {
  it('runs at most `size` at a time; the rest wait their turn and all answer', async () => {
    const queue = slotQueue(2);
    let running = 0;
    let most = 0;
    const work = (value: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return value;
    };
    const answers = Promise.all(Array.from({ length: 9 }, (_, i) => queue.run(work(i))));
    expect(queue.waiting).toBe(7);
    expect(await answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('gives the slot back when the work throws', async () => {
    const queue = slotQueue(1);
    const failures = await Promise.allSettled(
      Array.from({ length: 3 }, () => queue.run(() => Promise.reject(new Error('broken')))),
    );
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Were a slot lost per failure, this would wait forever (the test would time out).
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
    expect(queue.running).toBe(0);
  });

  it('resized: a larger size starts waiting work at once, a smaller one as work finishes', async () => {
    const queue = slotQueue(1);
    const gates: (() => void)[] = [];
    const work = () => queue.run(() => new Promise<void>((resolve) => gates.push(resolve)));
    const all = Promise.all([work(), work(), work(), work()]);
    expect([queue.running, queue.waiting]).toEqual([1, 3]);
    queue.resize(3);
    expect([queue.running, queue.waiting]).toEqual([3, 1]);
    queue.resize(1);
    for (let i = 0; i < 2; i += 1) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Two finished: the queue gave up the two slots it no longer has, the fourth still waits.
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect([queue.running, queue.waiting]).toEqual([1, 0]);
    gates.shift()!();
    await all;
    expect(queue.running).toBe(0);
  });
});

describe('argon2 checks', () => {
  it('take a slot per core and one more, a pool thread left free', () => {
    expect(argon2SlotsFor(4, 2)).toBe(3);
    expect(argon2SlotsFor(4, 1)).toBe(2);
    expect(argon2SlotsFor(4, 16)).toBe(3);
    expect(argon2SlotsFor(16, 4)).toBe(5);
    expect(argon2SlotsFor(1, 4)).toBe(1);
  });

  it('go through the queue, sized for the default pool of 4: more wait their turn', async () => {
    const slots = argon2SlotsFor(4, availableParallelism());
    expect(argon2Slots.size).toBe(slots);
    const stored = await hashPassword('Secret123');
    const checks = Array.from({ length: slots + 2 }, (_, i) =>
      verifyPassword(stored, i % 2 === 0 ? 'Secret123' : 'wrong'),
    );
    expect([argon2Slots.running, argon2Slots.waiting]).toEqual([slots, 2]);
    const answers = await Promise.all(checks);
    expect(answers).toEqual(answers.map((_, i) => i % 2 === 0));
    expect([argon2Slots.running, argon2Slots.waiting]).toEqual([0, 0]);
  });

  it('a stored value that is no argon2 hash is a wrong password and frees its slot', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(argon2Slots.running).toBe(0);
  });
});
