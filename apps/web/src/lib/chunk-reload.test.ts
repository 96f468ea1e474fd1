import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithReload } from './chunk-reload';

describe('a failed lazy chunk reloads the page (spec 01 §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reloads once for a chunk load failure, and not again within the guard time', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const failing = lazyWithReload(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    void failing();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    await expect(failing()).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('passes other errors through', async () => {
    const failing = lazyWithReload(() => Promise.reject(new Error('boom')));
    await expect(failing()).rejects.toThrow('boom');
  });
});
