import { OpenFeature } from '@openfeature/react-sdk';
import { render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { createFakeServer } from '../test/fake-server';
import { App } from './app';
import { createAppServices } from './services';
import { RouteErrorBoundary } from './special-routes';

afterEach(async () => {
  await OpenFeature.clearProviders();
  vi.unstubAllGlobals();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('the routes error boundary (in place of the data router errorElement)', () => {
  it('shows the error screen, reports the error, and clears on the next navigation', async () => {
    const server = createFakeServer();
    vi.stubGlobal('fetch', server.handler);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const services = createAppServices({ fetch: server.handler });
    services.session.start();
    render(
      <App services={services} i18n={createI18n()}>
        <MemoryRouter initialEntries={['/broken']}>
          <Routes>
            <Route
              element={
                <RouteErrorBoundary>
                  <Outlet />
                </RouteErrorBoundary>
              }
            >
              <Route path="broken" element={<Broken />} />
              <Route path="fine" element={<p>All good</p>} />
            </Route>
          </Routes>
          <Link to="/fine">go on</Link>
        </MemoryRouter>
      </App>,
    );
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await waitFor(() => expect(server.count('/client-errors')).toBe(1));
    expect(JSON.stringify(server.calls.find((c) => c.path === '/client-errors')?.body)).toContain(
      'render failed',
    );
    screen.getByRole('link', { name: 'go on' }).click();
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});
