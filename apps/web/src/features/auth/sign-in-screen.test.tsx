import { FEATURE_FLAGS } from '@portal/domain';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSignedInSession } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

const google = () => screen.queryByRole('link', { name: 'Continue with Google' });

describe('Google sign-in for a signed-out visitor (spec 01 §2 "Sign-in screen", §6)', () => {
  it("shows the button when the flag table's default has google-sso on and an issuer is configured", async () => {
    const { server } = await renderApp('/', {
      appConfig: { googleSignIn: true, flags: { [FEATURE_FLAGS.googleSso]: true } },
    });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/identity/google/start?returnTo=%2F',
    );
    // A visitor has no token: the flags come from /config.json, not from GraphQL.
    expect(server.count('/graphql')).toBe(0);
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
