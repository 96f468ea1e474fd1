import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CareApp } from '../care-app';
import { CareSession } from '../session';
import { createStaffApi } from './http';
import { parseServerEvents, usePatientLiveUpdates } from './patient-stream';
import { patientKey } from './patients';
import { queueKey } from './queue';

const PATIENT = '00000000-0000-4000-8000-000000000501';

/** A stream that sends `blocks`, then stays open until the request is aborted. */
function streamResponse(blocks: string[], signal: AbortSignal | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const block of blocks) controller.enqueue(encoder.encode(block));
      signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function setup(answer: (init: RequestInit | undefined) => Response) {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      calls.push({ url: input, authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(answer(init));
    }),
  );
  const session = new CareSession(window.sessionStorage);
  session.start({ access_token: 'staff-token', expires_in: 3600, role: 'care' });
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CareApp services={{ session, api: createStaffApi(session) }} client={client}>
      {children}
    </CareApp>
  );
  const hook = renderHook(() => usePatientLiveUpdates(PATIENT), { wrapper });
  return { calls, invalidate, hook, session };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the patient page’s live updates (issue 41)', () => {
  it('parses complete event blocks and keeps a partial one', () => {
    const { events, rest } = parseServerEvents(
      'event: ready\ndata: {}\n\n: keepalive\n\nevent: change\ndata: {"kind":"weight"}\n\nevent: ch',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"kind":"weight"}' },
    ]);
    expect(rest).toBe('event: ch');
  });

  it('a change marks the patient’s queries stale; a claim the queue’s too', async () => {
    const { calls, invalidate, hook } = setup((init) =>
      streamResponse(
        [
          'event: ready\ndata: {}\n\n',
          'event: change\ndata: {"kind":"messages","id":"m1"}\n\n',
          'event: change\ndata: {"kind":"claim"}\n\n',
        ],
        init?.signal ?? undefined,
      ),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queueKey }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: patientKey(PATIENT) });
    expect(calls[0]).toEqual({
      url: `/staff/customers/${PATIENT}/events`,
      authorization: 'Bearer staff-token',
    });
    hook.unmount();
  });

  it('a released claim marks the queue stale too, so "X is on it" goes', async () => {
    const { invalidate, hook } = setup((init) =>
      streamResponse(
        ['event: ready\ndata: {}\n\n', 'event: change\ndata: {"kind":"release"}\n\n'],
        init?.signal ?? undefined,
      ),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queueKey }));
    hook.unmount();
  });

  it('nothing is invalidated without an event, and a refused stream is not tried again', async () => {
    const { calls, invalidate, hook } = setup(
      () => new Response('{"error":{"code":"invalid-token"}}', { status: 401 }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
    hook.unmount();
  });
});
