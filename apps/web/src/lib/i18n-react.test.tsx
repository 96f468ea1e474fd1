import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../test/setup';
import { I18n } from './i18n-core';
import { I18nProvider, Trans, useTranslation } from './i18n-react';

function translator() {
  return new I18n({
    language: 'en',
    fallbackLanguage: 'en',
    resources: {
      en: {
        title: 'Appointments',
        terms: 'I agree to the <terms>Terms</terms> and <privacy>Privacy Policy</privacy>.',
        bulk: 'I agree to the <1>bulk order terms</1>.',
        rich: 'A<br/>B <strong>bold</strong> <unknown>plain</unknown>',
      },
      es: {
        title: 'Citas',
        terms: 'Acepto los <terms>Términos</terms> y la <privacy>Política</privacy>.',
      },
    },
  });
}

function Title({ onT }: { onT?: (t: unknown) => void }) {
  const { t, i18n } = useTranslation();
  useEffect(() => onT?.(t), [t, onT]);
  return (
    <h1 lang={i18n.language}>
      {t('title')} {t('later')}
    </h1>
  );
}

describe('the React binding of the translator (issue 16)', () => {
  it('renders again with a new t when the language changes, and when strings arrive', async () => {
    const i18n = translator();
    const onT = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <Title onT={onT} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Appointments later');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('heading')).toHaveTextContent('Citas later');
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'es');
    expect(onT).toHaveBeenCalledTimes(2);
    act(() => {
      i18n.addResourceBundle('es', { later: 'después' });
    });
    expect(screen.getByRole('heading')).toHaveTextContent('Citas después');
    // The same language: the same t (memos and effects keyed on it do not run again).
    expect(onT).toHaveBeenCalledTimes(2);
  });

  it('puts components into a translation by tag name', async () => {
    const i18n = translator();
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Trans
          i18nKey="terms"
          components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }}
        />
      </I18nProvider>,
    );
    expect(container.innerHTML).toBe(
      'I agree to the <a href="/terms">Terms</a> and <a href="/privacy">Privacy Policy</a>.',
    );
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('link', { name: 'Términos' })).toHaveAttribute('href', '/terms');
    expect(container).toHaveTextContent('Acepto los Términos y la Política.');
  });

  it('puts the children into a translation by index, and knows a few HTML tags', () => {
    const i18n = translator();
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <p>
          <Trans i18nKey="bulk">
            I agree to the
            <a href="/bulk">bulk order terms</a>.
          </Trans>
        </p>
        <p>
          <Trans i18nKey="rich" />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'bulk order terms' })).toHaveAttribute('href', '/bulk');
    expect(container.querySelector('p')).toHaveTextContent('I agree to the bulk order terms.');
    expect(container.querySelectorAll('p')[1]!.innerHTML).toBe(
      'A<br>B <strong>bold</strong> plain',
    );
  });

  it('shows the children as written when no language has the key', () => {
    render(
      <I18nProvider i18n={translator()}>
        <Trans i18nKey="nope">Written here</Trans>
      </I18nProvider>,
    );
    expect(screen.getByText('Written here')).toBeInTheDocument();
  });

  it('needs a provider', () => {
    allowConsoleError();
    expect(() => render(<Title />)).toThrow(/I18nProvider/);
  });
});
