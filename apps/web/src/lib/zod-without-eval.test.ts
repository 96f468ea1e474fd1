import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, z } from 'zod';
import { validateWithoutEval } from './zod-without-eval';

describe('validateWithoutEval (issue 46: no CSP violation from zod)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sets the zod config the page shares: a schema made after it parses without Function', () => {
    const spy = vi.spyOn(globalThis, 'Function');
    validateWithoutEval(globalThis);
    expect(config().jitless).toBe(true);
    const schema = z.object({ email: z.email(), password: z.string().min(1) });
    expect(schema.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(schema.safeParse({ email: 'a', password: '' }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps what zod set before it', () => {
    const scope = { __zod_globalConfig: { customError: 1 } };
    validateWithoutEval(scope);
    expect(scope.__zod_globalConfig).toEqual({ customError: 1, jitless: true });
  });
});
