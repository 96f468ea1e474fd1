import { act, fireEvent, screen } from '@testing-library/react';
import { OpenFeature } from '@openfeature/react-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSignedInSession } from '../../test/render-app';

describe('inactivity dialog (spec 01 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedInSession();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await OpenFeature.clearProviders();
  });

  it('counts down, keeps the session on "Stay logged in", and logs out when time runs out', async () => {
    const { server } = await renderApp('/');
    await screen.findByRole('heading', { name: 'Hi, Alex' });

    // The open tab renews its identity token before the hour is up.
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent('60 seconds');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(dialog).toHaveTextContent('45 seconds');

    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    await screen.findByRole('dialog', { name: 'Are you still there?' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('logged out after a period of inactivity');
    expect(server.count('/identity/sign-out')).toBe(1);
  });
});
