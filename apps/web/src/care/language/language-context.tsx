import {
  createContext,
  Fragment,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  applyLanguage,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  type ConsoleLanguage,
} from './language';

interface LanguageChoice {
  language: ConsoleLanguage;
  choose: (language: ConsoleLanguage) => void;
}

const LanguageContext = createContext<LanguageChoice>({ language: 'en', choose: () => undefined });

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The language around the console's screens. A choice is remembered, applied to the live
 * table, and the screens below are mounted again to read it (the query cache, above, stays).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<ConsoleLanguage>(() => {
    const first = initialLanguage(storedLanguage(), browserLanguages());
    applyLanguage(first);
    return first;
  });
  const choose = useCallback((next: ConsoleLanguage) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    applyLanguage(next);
    setLanguage(next);
  }, []);
  const value = useMemo(() => ({ language, choose }), [language, choose]);
  return (
    <LanguageContext.Provider value={value}>
      <Fragment key={language}>{children}</Fragment>
    </LanguageContext.Provider>
  );
}

export function useConsoleLanguage(): LanguageChoice {
  return useContext(LanguageContext);
}
