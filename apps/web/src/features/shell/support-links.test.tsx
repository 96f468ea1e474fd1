import { OpenFeature } from '@openfeature/react-sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSignedInSession } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

const SUPPORT_URL = 'https://help.example.com/hc/requests/new';

function expectPrefilled(href: string | null) {
  const url = new URL(href ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(SUPPORT_URL);
  expect(url.searchParams.get('requester_email')).toBe('alex@example.com');
  expect(url.searchParams.get('requester_name')).toBe('Alejandro Rivera');
  expect(url.searchParams.get('source')).toBe('patient_portal');
}

describe('Support center in the account menu and the drawer (spec 01 §2 "Layout", §7)', () => {
  it('opens the prefilled support form when SUPPORT_URL is set', async () => {
    storeSignedInSession();
    await renderApp('/', { appConfig: { supportUrl: SUPPORT_URL } });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Support center' });
    expectPrefilled(item.getAttribute('href'));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expectPrefilled(
      within(drawer).getByRole('link', { name: 'Support center' }).getAttribute('href'),
    );
  });

  it('is absent from both without SUPPORT_URL', async () => {
    storeSignedInSession();
    await renderApp('/', { appConfig: { supportUrl: null } });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Support center' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Support center' })).toBeNull();
  });
});

describe('Support center in the account module list (issue 44: it led to /messages)', () => {
  it('opens the same prefilled help-center form, in a new tab', async () => {
    storeSignedInSession();
    await renderApp('/profile', { appConfig: { supportUrl: SUPPORT_URL } });
    const list = await screen.findByRole('navigation', { name: 'Account settings' });
    const item = await within(list).findByRole('link', { name: 'Support center' });
    expectPrefilled(item.getAttribute('href'));
    expect(item).toHaveAttribute('target', '_blank');
  });

  it('is left out without SUPPORT_URL; the other modules stay', async () => {
    storeSignedInSession();
    await renderApp('/profile', { appConfig: { supportUrl: null } });
    const list = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(await within(list).findByRole('link', { name: 'Labs' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Support center' })).toBeNull();
  });
});
