import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { formatTimeLeft, HoldCountdown } from './hold-countdown';

// Issue 43: the review step says how long the picked time stays held.

afterEach(() => {
  vi.useRealTimers();
});

const START = new Date('2026-11-10T17:00:00Z');

function renderCountdown(expiresAt: Date) {
  const onPickAgain = vi.fn();
  renderWithServices(
    [{ path: '/', element: <HoldCountdown expiresAt={expiresAt} onPickAgain={onPickAgain} /> }],
    {
      answer: (name) => {
        throw new Error(`No answer for ${name}`);
      },
    },
  );
  return { onPickAgain };
}

describe('formatTimeLeft', () => {
  it('reads minutes and two-digit seconds', () => {
    expect(formatTimeLeft(300)).toBe('5:00');
    expect(formatTimeLeft(272)).toBe('4:32');
    expect(formatTimeLeft(9)).toBe('0:09');
  });
});

describe('the hold countdown', () => {
  it('ticks every second while the live region changes only with the minute', async () => {
    vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderCountdown(new Date(START.getTime() + 5 * 60_000));
    expect(await screen.findByText('Held for you for 5:00')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('This time is held for you for 5 more minutes.');

    act(() => {
      vi.advanceTimersByTime(28_000);
    });
    expect(screen.getByText('Held for you for 4:32')).toBeInTheDocument();
    // 4:32 left: still "5 minutes" to a screen reader, not a new announcement each second.
    expect(status).toHaveTextContent('This time is held for you for 5 more minutes.');

    act(() => {
      vi.advanceTimersByTime(32_000);
    });
    expect(screen.getByText('Held for you for 4:00')).toBeInTheDocument();
    expect(status).toHaveTextContent('This time is held for you for 4 more minutes.');

    act(() => {
      vi.advanceTimersByTime(3 * 60_000 + 1_000);
    });
    expect(status).toHaveTextContent('This time is held for you for 1 more minute.');
  });

  it('says when the hold has ended and offers to pick again', async () => {
    vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { onPickAgain } = renderCountdown(new Date(START.getTime() + 2_000));
    expect(await screen.findByText('Held for you for 0:02')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent(/no longer held for you/);
    expect(screen.queryByText(/Held for you for/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pick another time' }));
    expect(onPickAgain).toHaveBeenCalledOnce();
  });
});
