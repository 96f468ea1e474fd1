import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmDateFormats } from './warm-date-formats';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A window whose idle callbacks run when `idle()` is called. */
function idleWindow() {
  const queued = new Map<number, IdleRequestCallback>();
  let next = 1;
  const cancel = vi.fn((id: number) => queued.delete(id));
  const win = {
    requestIdleCallback: (callback: IdleRequestCallback) => {
      queued.set(next, callback);
      return next++;
    },
    cancelIdleCallback: cancel,
  } as unknown as Window;
  const idle = () => {
    for (const callback of queued.values()) {
      callback({ didTimeout: false, timeRemaining: () => 50 });
    }
    queued.clear();
  };
  return { win, idle, cancel };
}

describe('warmDateFormats (issue 46)', () => {
  it('makes a zoned date formatter when the browser is idle, not before', () => {
    // A zone no other test formats in (@date-fns/tz keeps one formatter per zone, for the run).
    const zone = 'Pacific/Chatham';
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const { win, idle } = idleWindow();
    warmDateFormats(win, zone);
    expect(made).not.toHaveBeenCalled();
    idle();
    expect(made.mock.calls.map(([, options]) => options?.timeZone)).toContain(zone);
  });

  it('makes nothing once its frame is gone (the cleanup cancels it)', () => {
    const { win, idle, cancel } = idleWindow();
    const stop = warmDateFormats(win, 'Pacific/Marquesas');
    stop();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    idle();
    expect(made).not.toHaveBeenCalled();
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
