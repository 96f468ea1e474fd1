import { OpenFeature } from '@openfeature/react-sdk';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSignedInSession } from '../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

async function signIn(email = 'alex@example.com', password = 'DemoPass1') {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
    target: { value: email },
  });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('route guards (spec 01 §2, §6; spec 02 §2)', () => {
  it('sends a signed-out visitor of a protected route to sign-in, and back after', async () => {
    const { router } = await renderApp('/appointments?tab=past');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe(
      `?returnTo=${encodeURIComponent('/appointments?tab=past')}`,
    );

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Appointments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appointments');
    expect(router.state.location.search).toBe('?tab=past');
  });

  it('disables Log in until both fields are filled', async () => {
    await renderApp('/');
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'a@b.co' },
    });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'x' } });
    expect(button).toBeEnabled();
  });

  it('shows a warning for an unverified email and an error for other failures', async () => {
    await renderApp('/', { unverified: true });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('needs to be verified');
    expect(screen.getByRole('alert').className).toMatch(/Warning/);
  });

  it('shows the double-check error for a wrong password', async () => {
    await renderApp('/');
    await signIn('alex@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please double-check');
    expect(screen.getByRole('alert').className).toMatch(/Error/);
  });

  it('redirects invoices to billing?tab=invoices', async () => {
    storeSignedInSession();
    const { router } = await renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'Billing and plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing');
    expect(router.state.location.search).toBe('?tab=invoices');
  });

  it('redirects unknown paths to /', async () => {
    storeSignedInSession();
    const { router } = await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('routes user-action by mode', async () => {
    const { router } = await renderApp('/user-action?mode=verifyEmail');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    act(() => router.navigate('/user-action?mode=bulkOrderPayment&actionId=a1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(
      `?returnTo=${encodeURIComponent('/bulk-payment?actionId=a1')}`,
    );
    act(() => router.navigate('/user-action?mode=somethingElse'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps a flag-only route closed without its flag and opens it with an ff_ override', async () => {
    storeSignedInSession();
    const { router } = await renderApp('/bulk-dosage-guide');
    await screen.findByRole('heading', { name: 'Hi, Alex' });
    expect(router.state.location.pathname).toBe('/');

    act(() => router.navigate('/bulk-dosage-guide?ff_dosing_guide_route=true'));
    expect(
      await screen.findByRole('heading', { name: 'Bulk dosage guide', level: 1 }),
    ).toBeInTheDocument();
  });

  it('hides the Messages nav item without the one-way-messaging flag', async () => {
    storeSignedInSession();
    const { server } = await renderApp('/', { unreadMessages: 2 });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    await screen.findByRole('heading', { name: 'Hi, Alex' });
    expect(nav).not.toHaveTextContent('Messages');
    expect(
      server.calls.some((call) => JSON.stringify(call.body ?? null).includes('providerMessages')),
    ).toBe(false);
  });

  it('opens /messages without the one-way-messaging flag: the flag gates only the nav item (spec 01 §2)', async () => {
    storeSignedInSession();
    const { router } = await renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(nav).not.toHaveTextContent('Messages');
  });

  it('shows the Messages nav item, with its unread badge, with the one-way-messaging flag', async () => {
    storeSignedInSession();
    await renderApp('/', { flags: { 'one-way-messaging': true }, unreadMessages: 2 });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    await waitFor(() => expect(nav).toHaveTextContent('Messages'));
    expect(await screen.findByLabelText('2 unread messages')).toBeInTheDocument();
  });

  it('shows the empty-account state (C108) for a user with no customer record', async () => {
    storeSignedInSession();
    await renderApp('/', { customer: null });
    expect(
      await screen.findByRole('heading', { name: "Your account isn't ready" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error code: C108')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit a help request' })).toHaveAttribute(
      'href',
      expect.stringContaining('category=account'),
    );
  });
});

describe('greeting cycle in the welcome banner (spec 01 §2)', () => {
  it('shows the next greeting line after each logout', async () => {
    await renderApp('/');
    await signIn();
    expect(
      await screen.findByText("Welcome back. Here's what's happening with your care."),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in' });

    await signIn();
    expect(
      await screen.findByText('Good to see you again. Your care team is here for you.'),
    ).toBeInTheDocument();
  });
});
