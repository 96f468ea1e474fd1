import { OpenFeature } from '@openfeature/react-sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSignedInSession } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

function helpLink(): URL {
  const link = screen.getByRole('link', { name: 'Submit a help request' });
  return new URL(link.getAttribute('href')!);
}

describe('account fetch error screen (spec 01 §2 "Layout", §8)', () => {
  it('a customer-load failure when signed in shows A101, a help-request link, refresh and log out', async () => {
    storeSignedInSession();
    const { server } = await renderApp('/', { customerError: 'INTERNAL_SERVER_ERROR' });
    expect(
      await screen.findByRole('heading', { name: "We couldn't load your account" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error code: A101')).toBeInTheDocument();
    expect(screen.getByText(/Your account details didn't load/)).toBeInTheDocument();
    const help = helpLink();
    expect(help.searchParams.get('subject')).toBe('Help with error A101');
    expect(help.searchParams.get('category')).toBe('account');
    expect(help.searchParams.get('source')).toBe('patient_portal');

    const before = server.count('/graphql');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.count('/graphql')).toBeGreaterThan(before));

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's own catalogue code when it names one", async () => {
    storeSignedInSession();
    await renderApp('/', { customerError: 'A100' });
    expect(await screen.findByText('Error code: A100')).toBeInTheDocument();
    expect(helpLink().searchParams.get('subject')).toBe('Help with error A100');
  });

  it('offers no help-request link without a support URL', async () => {
    storeSignedInSession();
    await renderApp('/', {
      customerError: 'INTERNAL_SERVER_ERROR',
      appConfig: { supportUrl: null },
    });
    expect(await screen.findByText('Error code: A101')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Submit a help request' })).toBeNull();
  });
});
