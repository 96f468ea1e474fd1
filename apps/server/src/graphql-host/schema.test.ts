import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from './schema';

describe('schema.graphql', () => {
  it('is up to date with the code (run npm run schema:print -w apps/server)', () => {
    const checkedIn = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(checkedIn).toBe(printedSchema());
  });
});
