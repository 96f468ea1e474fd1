import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';

const argon2 = vi.hoisted(() => ({ running: 0, most: 0 }));

vi.mock('@node-rs/argon2', () => {
  const slow = async <T>(value: T): Promise<T> => {
    argon2.running += 1;
    argon2.most = Math.max(argon2.most, argon2.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    argon2.running -= 1;
    return value;
  };
  return {
    hash: (password: string) => slow(`hashed:${password}`),
    verify: (stored: string, password: string) =>
      stored === 'broken'
        ? slow(null).then(() => Promise.reject(new Error('not an argon2 hash')))
        : slow(stored === `hashed:${password}`),
  };
});

const { ARGON2_SLOTS, hashPassword, verifyPassword } = await import('./secrets');

describe('argon2 checks', () => {
  it('run at most one per core at a time; the rest wait their turn and all answer', async () => {
    expect(ARGON2_SLOTS).toBe(availableParallelism());
    const stored = await hashPassword('Secret123');
    argon2.most = 0;
    const answers = await Promise.all(
      Array.from({ length: ARGON2_SLOTS * 4 + 1 }, (_, i) =>
        verifyPassword(stored, i % 2 === 0 ? 'Secret123' : 'wrong'),
      ),
    );
    expect(argon2.most).toBe(ARGON2_SLOTS);
    expect(answers.filter(Boolean)).toHaveLength(ARGON2_SLOTS * 2 + 1);
    expect(argon2.running).toBe(0);
  });

  it('gives the slot back when a check throws', async () => {
    const broken = await Promise.all(
      Array.from({ length: ARGON2_SLOTS * 2 }, () => verifyPassword('broken', 'x')),
    );
    expect(broken.some(Boolean)).toBe(false);
    // Were a slot lost per failure, these would wait forever (the test would time out).
    const answers = await Promise.all(
      Array.from({ length: ARGON2_SLOTS * 3 }, () => verifyPassword('hashed:x', 'x')),
    );
    expect(answers.every(Boolean)).toBe(true);
  });
});
