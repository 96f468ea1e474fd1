import { OpenFeature } from '@openfeature/react-sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSignedInSession } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

describe('account fetch error screen (spec 01 §2, spec 02 §2)', () => {
  it('shows the code, a help-request link, refresh and log out', async () => {
    storeSignedInSession();
    const { server } = await renderApp('/', { customerError: 'A101' });
    expect(
      await screen.findByRole('heading', { name: "We couldn't load your account" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error code: A101')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit a help request' })).toHaveAttribute(
      'href',
      expect.stringContaining('subject=Help+with+error+A101'),
    );

    const before = server.count('/graphql');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.count('/graphql')).toBeGreaterThan(before));

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('falls back to A101 for a failure without a catalogue code', async () => {
    storeSignedInSession();
    await renderApp('/', { customerError: 'INTERNAL_SERVER_ERROR' });
    expect(await screen.findByText('Error code: A101')).toBeInTheDocument();
  });
});
