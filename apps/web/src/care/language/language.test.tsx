import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { patientEn } from '../patients/patient-strings';
import { patientEs } from '../patients/patient-strings-es';
import { providerEn, WEEKDAYS_EN } from '../providers/provider-strings';
import { providerEs, WEEKDAYS_ES } from '../providers/provider-strings-es';
import { en, strings } from '../strings';
import { es } from '../strings-es';
import { fakeStaffApi, renderCare, STAFF_ME } from '../test/render-care';
import { applyLanguage, initialLanguage, LANGUAGE_STORAGE_KEY } from './language';

// Words the same in both languages (names, units, codes, keys).
const SAME = new Set(['Total', 'Plan', 'Selfie', 'PDF']);
/** The shortcuts' keys (the first of each pair) are keys, not words. */
const KEY = /^en\.queue\.shortcuts\.\d+\.0$/;

/** Every leaf of a table by its path: strings, and functions called with sample arguments. */
function leaves(table: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof table === 'string') out.set(path, table);
  else if (typeof table === 'function') {
    const call = table as (...args: unknown[]) => unknown;
    out.set(path, String(call('2', 'X', 'Y')));
  } else if (table && typeof table === 'object') {
    for (const [key, value] of Object.entries(table)) {
      for (const [p, v] of leaves(value, path ? `${path}.${key}` : key)) out.set(p, v);
    }
  }
  return out;
}

afterEach(() => {
  window.localStorage.clear();
  applyLanguage('en');
});

describe('the console in Spanish (issue 41)', () => {
  it('translates every key of the English table', () => {
    const english = leaves({ en, patientEn, providerEn, WEEKDAYS_EN });
    const spanish = leaves({
      en: es,
      patientEn: patientEs,
      providerEn: providerEs,
      WEEKDAYS_EN: WEEKDAYS_ES,
    });
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...english].filter(
      ([key, text]) =>
        spanish.get(key) === text && !SAME.has(text) && !KEY.test(key) && !/^[\d\s]*lb$/.test(text),
    );
    expect(untranslated).toEqual([]);
  });

  it('chooses the stored language, else the browser’s, else English', () => {
    expect(initialLanguage('es', ['en-US'])).toBe('es');
    expect(initialLanguage(null, ['fr-FR', 'es-MX'])).toBe('es');
    expect(initialLanguage('de', ['fr-FR'])).toBe('en');
  });

  it('renders the sign-in in Spanish when chosen, sets lang, and remembers the choice', async () => {
    fakeStaffApi([['GET /staff/me', () => ({ body: STAFF_ME })]]);
    renderCare('/care/queue');
    expect(await screen.findByRole('heading', { name: 'Care team sign-in' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(
      await screen.findByRole('heading', { name: 'Acceso del equipo de atención' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Correo de trabajo/ })).toBeVisible();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(strings.signIn.submit).toBe('Continuar');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Care team sign-in' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });

  it('opens in the remembered language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    fakeStaffApi([['GET /staff/me', () => ({ body: STAFF_ME })]]);
    renderCare('/care/queue');
    expect(
      await screen.findByRole('heading', { name: 'Acceso del equipo de atención' }),
    ).toBeVisible();
  });
});
