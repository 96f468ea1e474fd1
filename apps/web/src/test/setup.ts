import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy route chunks are transformed on first use; give findBy* queries time for that.
configure({ asyncUtilTimeout: 10_000 });

// STYLE.md rule 10: a test fails on an unexpected console.error. A test that expects one
// calls `allowConsoleError()` first.
let consoleErrors: unknown[][] = [];
let allowed = false;

export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  consoleErrors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // Reports to /client-errors are the server's business; tests never send them.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (consoleErrors.length > 0 && !allowed) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});
