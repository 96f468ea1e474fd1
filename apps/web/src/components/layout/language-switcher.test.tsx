import { FEATURE_FLAGS } from '@portal/domain';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/session/storage-keys';
import { renderApp } from '../../test/render-app';

afterEach(async () => {
  await OpenFeature.clearProviders();
  document.documentElement.lang = 'en';
});

function browserPrefers(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('language switcher (spec 01 §1)', () => {
  it('is disabled while the spanish flag is off; its name starts with its visible text', async () => {
    browserPrefers('es-MX', 'es');
    await renderApp('/');
    const button = await screen.findByRole('button', { name: /^EN: English/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('EN');
    // WCAG 2.5.3: the visible text is part of the accessible name.
    expect(button).toHaveAccessibleName('EN: English. More languages are coming soon');
    // A Spanish browser changes nothing while the flag is off.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it("with the flag on, honours the browser's language", async () => {
    browserPrefers('es-MX', 'en-US');
    await renderApp('/', { appConfig: { flags: { [FEATURE_FLAGS.spanish]: true } } });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('button', { name: /^ES: Español/ })).toBeEnabled();
  });

  it('with the flag on, switches language and remembers the choice', async () => {
    browserPrefers('en-US');
    await renderApp('/', { appConfig: { flags: { [FEATURE_FLAGS.spanish]: true } } });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'EN: English. Change the language' }));
    const spanish = screen.getByRole('menuitemradio', { name: 'Español' });
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(spanish);
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });
});
