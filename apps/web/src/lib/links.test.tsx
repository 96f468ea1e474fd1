import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../components/layout/footer';
import { fetchAppConfig } from './config';
import { createI18n } from './i18n';
import { I18nProvider } from './i18n-react';
import { EXTERNAL_LINKS, PLACEHOLDER_LINKS, parseExternalLinks, setExternalLinks } from './links';

const CONFIGURED = {
  treatments: 'https://clinic.test/treatments',
  terms: 'https://clinic.test/terms',
  bulkTerms: 'https://clinic.test/bulk-terms',
  privacy: 'https://clinic.test/privacy',
  privacyPractices: 'https://clinic.test/privacy-practices',
  accessibility: 'https://clinic.test/ada',
};

afterEach(() => {
  setExternalLinks({ ...PLACEHOLDER_LINKS });
  vi.unstubAllGlobals();
});

describe('external links come from /config.json (issue 44)', () => {
  it('reads each link of the answer; a missing or non-web one keeps its placeholder', () => {
    expect(parseExternalLinks(CONFIGURED)).toEqual(CONFIGURED);
    expect(
      parseExternalLinks({ ...CONFIGURED, terms: 'javascript:alert(1)', privacyPractices: 7 }),
    ).toEqual({
      ...CONFIGURED,
      terms: PLACEHOLDER_LINKS.terms,
      privacyPractices: PLACEHOLDER_LINKS.privacyPractices,
    });
    expect(parseExternalLinks(undefined)).toEqual(PLACEHOLDER_LINKS);
  });

  it('the footer links to the configured pages, privacy practices included', async () => {
    const fetchMock = vi.fn((_input: unknown, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ links: CONFIGURED }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const config = await fetchAppConfig();
    // One fetch, in the default cache mode, so index.html's preload of it is the one used.
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]![0]).toBe('/config.json');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'default' });
    setExternalLinks(config.links!);
    expect(EXTERNAL_LINKS.treatments).toBe('https://clinic.test/treatments');

    render(
      <I18nProvider i18n={createI18n()}>
        <Footer />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://clinic.test/privacy',
    );
    expect(screen.getByRole('link', { name: 'Notice of privacy practices' })).toHaveAttribute(
      'href',
      'https://clinic.test/privacy-practices',
    );
    expect(screen.getByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      'https://clinic.test/ada',
    );
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      'https://clinic.test/terms',
    );
  });
});
