import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/i18n-react';
import { STORAGE_KEYS } from '../lib/session/storage-keys';
import { RefreshRoute } from './link-routes';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
let replace: Mock<(url: string) => void>;
let fetchMock: Mock<Fetch>;

beforeEach(() => {
  replace = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, replace });
  fetchMock = vi.fn<Fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({ idToken: 'id', refreshToken: 'refresh-1' }),
  );
  window.localStorage.setItem('portal.tour', '["home"]');
  window.sessionStorage.setItem('portal.flag-overrides', '{}');
  document.cookie = 'portal_hint=1; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const renderRefresh = () =>
  render(
    <I18nProvider i18n={createI18n()}>
      <RefreshRoute />
    </I18nProvider>,
  );

function signOutCalls() {
  return fetchMock.mock.calls.filter(
    ([input]) => typeof input === 'string' && input.includes('/identity/sign-out'),
  );
}

describe('/refresh (spec 01 §2)', () => {
  it('clears local storage, session storage and cookies, signs out, then reloads to /?retryAttempt=1', async () => {
    renderRefresh();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/?retryAttempt=1'));
    expect(replace).toHaveBeenCalledOnce();

    // Everything stored is gone; the one key left tells the other tabs to sign out too.
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem('portal.tour')).toBeNull();
    expect(window.localStorage.length).toBe(1);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authEvent)!)).toMatchObject({
      type: 'logout',
    });
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('portal_hint');

    // The stored refresh token is ended on the server.
    expect(signOutCalls()).toHaveLength(1);
    const init = signOutCalls()[0]![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ refreshToken: 'refresh-1' });
  });

  it('reloads even when the server sign-out fails', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRefresh();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/?retryAttempt=1'));
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('with no stored session, calls no server and still reloads', async () => {
    window.localStorage.clear();
    renderRefresh();
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/?retryAttempt=1'));
    expect(signOutCalls()).toHaveLength(0);
  });
});
