import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

function setup(ttlMs = 1_000) {
  const clock = { now: 0 };
  const cache = new SessionCache(() => clock.now, ttlMs);
  let reads = 0;
  let answer: Date | undefined = new Date(60_000);
  const read = () => {
    reads += 1;
    return Promise.resolve(answer);
  };
  return {
    clock,
    cache,
    read,
    reads: () => reads,
    setAnswer: (a: Date | undefined) => (answer = a),
  };
}

describe('SessionCache', () => {
  it('remembers a standing session for the TTL, then asks again', async () => {
    const t = setup();
    expect(await t.cache.stands('u', 's', t.read)).toBe(true);
    expect(await t.cache.stands('u', 's', t.read)).toBe(true);
    expect(t.reads()).toBe(1);
    t.clock.now = 1_000;
    t.setAnswer(undefined);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
    expect(t.reads()).toBe(2);
  });

  it('never trusts an answer past the session’s own expiry', async () => {
    const t = setup(10_000);
    t.setAnswer(new Date(500));
    expect(await t.cache.stands('u', 's', t.read)).toBe(true);
    t.clock.now = 500;
    t.setAnswer(undefined);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
  });

  it('does not remember refusals, nor answer for another user’s claim on the session', async () => {
    const t = setup();
    t.setAnswer(undefined);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
    expect(t.reads()).toBe(2);
    t.setAnswer(new Date(60_000));
    expect(await t.cache.stands('u', 's', t.read)).toBe(true);
    t.setAnswer(undefined);
    expect(await t.cache.stands('other', 's', t.read)).toBe(false);
  });

  it('forget: the next request asks the database', async () => {
    const t = setup();
    expect(await t.cache.stands('u', 's', t.read)).toBe(true);
    t.cache.forget(['s']);
    t.setAnswer(undefined);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
  });

  it('an answer read while a revocation happened is not kept', async () => {
    const t = setup();
    let release: (d: Date) => void = () => {};
    const slow = () => new Promise<Date | undefined>((resolve) => (release = resolve));
    const pending = t.cache.stands('u', 's', slow);
    t.cache.forget(['s']);
    release(new Date(60_000));
    expect(await pending).toBe(true);
    expect(t.cache.size).toBe(0);
    t.setAnswer(undefined);
    expect(await t.cache.stands('u', 's', t.read)).toBe(false);
  });
});
