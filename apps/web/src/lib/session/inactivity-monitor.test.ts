import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactivityMonitor, type InactivityState } from './inactivity-monitor';

const HOUR = 3_600_000;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function setup(tokenExpired = false) {
  const states: InactivityState[] = [];
  const onExpire = vi.fn();
  const monitor = new InactivityMonitor({
    isTokenExpired: () => tokenExpired,
    onChange: (state) => states.push(state),
    onExpire,
  });
  monitor.start();
  const last = () => states.at(-1);
  return { monitor, onExpire, last };
}

describe('inactivity (spec 01 §4: 1 hour, then a 60-second countdown)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('warns after one hour without input, counts down 60 seconds, then logs out', () => {
    const { onExpire, last, monitor } = setup();
    vi.advanceTimersByTime(HOUR - 1);
    expect(last()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 60 });
    vi.advanceTimersByTime(1000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 59 });
    vi.advanceTimersByTime(58_000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledOnce();
    monitor.stop();
  });

  it('restarts the hour on mouse, key, click and touch', () => {
    const { last, monitor } = setup();
    for (const type of ['mousemove', 'keydown', 'click', 'touchstart']) {
      vi.advanceTimersByTime(HOUR - 1000);
      window.dispatchEvent(new Event(type));
    }
    expect(last()).toBeUndefined();
    vi.advanceTimersByTime(HOUR);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 60 });
    monitor.stop();
  });

  it('ignores movement once the warning shows; only "Stay logged in" resets it', () => {
    const { onExpire, last, monitor } = setup();
    vi.advanceTimersByTime(HOUR);
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(30_000);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 30 });

    monitor.stayLoggedIn();
    expect(last()).toEqual({ phase: 'active' });
    vi.advanceTimersByTime(HOUR - 1);
    expect(last()).toEqual({ phase: 'active' });
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 60 });
    monitor.stop();
  });

  it('holds the warning while the tab is hidden and shows it on return', () => {
    const { onExpire, last, monitor } = setup();
    setVisibility('hidden');
    vi.advanceTimersByTime(2 * HOUR);
    expect(last()).toBeUndefined();
    expect(onExpire).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(last()).toEqual({ phase: 'warning', secondsLeft: 60 });
    monitor.stop();
  });

  it('logs out at once when the token has already expired', () => {
    const { onExpire, last } = setup(true);
    vi.advanceTimersByTime(HOUR);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(last()).toBeUndefined();
  });
});
