import { patientEn, patientStrings } from '../patients/patient-strings';
import { patientEs } from '../patients/patient-strings-es';
import { providerEn, providerStrings, WEEKDAYS, WEEKDAYS_EN } from '../providers/provider-strings';
import { providerEs, WEEKDAYS_ES } from '../providers/provider-strings-es';
import { copyInto, en, strings } from '../strings';
import { es } from '../strings-es';

// The console's language (issue 41), chosen as the customer portal chooses it
// (lib/i18n-app.ts): the stored choice, else the browser's first language the console has,
// else English. The console has no feature flags, so Spanish is always on offer here. The
// choice is kept in localStorage (a preference, not a secret: the token stays in
// sessionStorage) and written only when a person picks a language.

export const CONSOLE_LANGUAGES = ['en', 'es'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'care.language';

const TABLES = {
  en: { strings: en, patient: patientEn, provider: providerEn, weekdays: WEEKDAYS_EN },
  es: { strings: es, patient: patientEs, provider: providerEs, weekdays: WEEKDAYS_ES },
} as const;
const LOCALES: Record<ConsoleLanguage, string> = { en: 'en-US', es: 'es-US' };
let current: ConsoleLanguage = 'en';

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored choice, else the first of the browser's languages the console has, else English. */
export function initialLanguage(
  stored: string | null,
  preferred: readonly string[],
): ConsoleLanguage {
  if (isConsoleLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isConsoleLanguage(primary)) return primary;
  }
  return 'en';
}

/** Puts the language's words into the live table and `<html lang>`. */
export function applyLanguage(language: ConsoleLanguage): void {
  current = language;
  const table = TABLES[language];
  copyInto(strings, table.strings);
  copyInto(patientStrings, table.patient);
  copyInto(providerStrings, table.provider);
  copyInto(WEEKDAYS, table.weekdays);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language shown now. */
export function currentLanguage(): ConsoleLanguage {
  return current;
}

/** The Intl locale of the language shown now (dates, numbers). */
export function currentLocale(): string {
  return LOCALES[current];
}
