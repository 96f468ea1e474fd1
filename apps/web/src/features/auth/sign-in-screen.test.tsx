import { FEATURE_FLAGS } from '@portal/domain';
import { OpenFeature } from '@openfeature/react-sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { registerHomePrefetch } from '../../lib/prefetch-home';
import { renderApp, storeSignedInSession } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

const google = () => screen.queryByRole('link', { name: 'Continue with Google' });

describe('Google sign-in for a signed-out visitor (spec 01 §2 "Sign-in screen", §6)', () => {
  it("shows the button when the flag table's default has google-sso on and an issuer is configured", async () => {
    const { server, services } = await renderApp('/', {
      appConfig: { googleSignIn: true, flags: { [FEATURE_FLAGS.googleSso]: true } },
    });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/identity/google/start?returnTo=%2F',
    );
    // A visitor has no token: the flags come from /config.json, not from GraphQL.
    expect(server.count('/graphql')).toBe(0);
    // Issue 16: the sign-in page renders without the query cache (the signed-in layer's).
    expect(services.peekQueryClient()).toBeUndefined();
  });

  it('hides it while google-sso is off by default, or when no issuer is configured', async () => {
    const off = await renderApp('/', {
      appConfig: { googleSignIn: true, flags: { [FEATURE_FLAGS.googleSso]: false } },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(google()).toBeNull();
    off.unmount();
    await OpenFeature.clearProviders();

    await renderApp('/', {
      appConfig: { googleSignIn: false, flags: { [FEATURE_FLAGS.googleSso]: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(google()).toBeNull();
  });

  it('an ff_google-sso override still wins over the default', async () => {
    await renderApp('/?ff_google-sso=true', {
      appConfig: { googleSignIn: true, flags: { [FEATURE_FLAGS.googleSso]: false } },
    });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});

describe("a signed-in customer's flags (spec 01 §6)", () => {
  it("come from GetFeatureFlags, the customer's own values over the defaults", async () => {
    storeSignedInSession();
    await renderApp('/', {
      unreadMessages: 2,
      flags: { [FEATURE_FLAGS.oneWayMessaging]: true },
      appConfig: { flags: { [FEATURE_FLAGS.oneWayMessaging]: false } },
    });
    expect(await screen.findByRole('link', { name: /Messages/ })).toBeInTheDocument();
  });
});

describe('sign-in validation (spec 01 §5)', () => {
  it('checks a field when it loses focus, then on every change', async () => {
    const user = userEvent.setup();
    await renderApp('/');
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'alex@');
    expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.type(email, 'example.com');
    await waitFor(() =>
      expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument(),
    );
  });

  it('a submit with an invalid email shows the error on the email field and focuses it', async () => {
    const user = userEvent.setup();
    const { server } = await renderApp('/');
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(server.count('/identity/sign-in')).toBe(0);
  });

  it('signs in with the email trimmed and lower-cased, as the domain schema gives it', async () => {
    const user = userEvent.setup();
    const { server } = await renderApp('/');
    await user.type(await screen.findByLabelText(/^Email/), '  Alex@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(server.count('/identity/sign-in')).toBe(1));
    const call = server.calls.find((c) => c.path === '/identity/sign-in');
    expect(call?.body).toEqual({ email: 'alex@example.com', password: 'wrong password' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe("home's chunks around the sign-in request (issue 16)", () => {
  /** Registers a stand-in for home's chunks that notes how many sign-ins had left when asked. */
  function watchHomePrefetch(count: () => number) {
    const signInsSent: number[] = [];
    restore = registerHomePrefetch([
      () => {
        signInsSent.push(count());
        return Promise.resolve();
      },
    ]);
    return signInsSent;
  }
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('fetched while the customer types, before any sign-in', async () => {
    const user = userEvent.setup();
    const { server } = await renderApp('/');
    const signInsSent = watchHomePrefetch(() => server.count('/identity/sign-in'));
    await user.type(await screen.findByLabelText(/^Email/), 'alex');
    expect(signInsSent).toEqual([0]);
  });

  it('asked for only after the sign-in request has left when the fields were filled in without typing', async () => {
    const user = userEvent.setup();
    const { server } = await renderApp('/');
    const signInsSent = watchHomePrefetch(() => server.count('/identity/sign-in'));
    // A password manager fills both fields (input events, no keys), then Log in is clicked.
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'alex@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'DemoPass1' } });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(signInsSent).toEqual([1]));
    expect(await screen.findByRole('heading', { name: /Hi, Alex/ })).toBeInTheDocument();
  });
});
