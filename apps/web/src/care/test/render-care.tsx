import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createStaffApi } from '../api/http';
import { CareApp, createCareQueryClient } from '../care-app';
import { CareRoutes } from '../care-routes';
import { CareSession } from '../session';

// Component tests of the console: its real routes and providers in a MemoryRouter, with fetch
// faked at its edge by a table of handlers (STYLE.md: no module mocks).

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export type FakeAnswer = { status?: number; body?: unknown };
export type Handler = (request: FakeRequest) => FakeAnswer | undefined;

/** Routes of the fake staff API: `METHOD /path` (exact) or a RegExp on it. */
export function fakeStaffApi(routes: [string | RegExp, Handler][]) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn((input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://care.test');
    const headers = new Headers(init?.headers);
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(request);
    const line = `${request.method} ${request.path}`;
    for (const [match, handler] of routes) {
      const hit = typeof match === 'string' ? match === line : match.test(line);
      if (!hit) continue;
      const answer = handler(request);
      if (!answer) continue;
      const status = answer.status ?? 200;
      return Promise.resolve(
        status === 204
          ? new Response(null, { status })
          : new Response(JSON.stringify(answer.body ?? {}), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify({ error: { code: 'not-found' } }), { status: 404 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const STAFF_ME = {
  id: 's1',
  email: 'casey@care.test',
  firstName: 'Casey',
  lastName: 'Nguyen',
  role: 'care',
};

export function renderCare(path: string, { signedIn = false } = {}) {
  const session = new CareSession(window.sessionStorage);
  if (signedIn) {
    session.start({ access_token: 'staff-token', expires_in: 3600, role: 'care' });
  }
  const services = { session, api: createStaffApi(session) };
  const view = render(
    <CareApp services={services} client={createCareQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <CareRoutes />
      </MemoryRouter>
    </CareApp>,
  );
  return { ...view, session };
}
