// Issue 16: the web app's translator, in place of i18next + react-i18next (~17 KB gzip on the
// sign-in page). It does what the app asks of them and no more: one namespace of nested JSON
// catalogues (the format is unchanged), `{{name}}` interpolation without escaping (React
// escapes), plural keys `key_one`/`key_other` (and `key_zero` for 0) by `count` through
// Intl.PluralRules, `key_context`, `defaultValue`, the fallback language behind the current one,
// and the missing key answered by the key itself. Lookup order is i18next's: the current
// language before the fallback, the most specific key first within a language.

/** A catalogue: nested objects of strings. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

export interface TOptions {
  /** Picks the plural form (`key_one`, `key_other` …) and fills `{{count}}`. */
  count?: number;
  /** Picks `key_<context>` when the catalogue has it. */
  context?: string;
  /** Said (and interpolated) when no language has the key. */
  defaultValue?: string;
  [name: string]: string | number | boolean | null | undefined;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (language: string) => void;
type TranslatorEvent = 'languageChanged' | 'added';

export interface I18nOptions {
  language: string;
  /** The language behind every other one. */
  fallbackLanguage: string;
  resources?: Record<string, Catalogue>;
}

const PLACEHOLDER = /{{(.+?)}}/g;

function isCatalogue(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `target` with `source` merged in, deeply; `source` wins where both have a string. */
function merge(target: Catalogue, source: Catalogue): Catalogue {
  const out: Catalogue = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] = isCatalogue(current) && isCatalogue(value) ? merge(current, value) : value;
  }
  return out;
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  if (!catalogue) return undefined;
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    node = isCatalogue(node) ? node[part] : undefined;
  }
  if (typeof node === 'string') return node;
  // A key with dots in it at the top level, as i18next also finds.
  const flat = catalogue[key];
  return typeof flat === 'string' ? flat : undefined;
}

/** `{{name}}` → options.name; a name not given stays as written, as with i18next. */
export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, raw: string) => {
    const name = raw.trim();
    if (!Object.prototype.hasOwnProperty.call(options, name)) return match;
    const value = options[name];
    if (value === undefined || value === null) return '';
    return String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The keys to try in one language, most specific first (i18next's order). */
function candidates(key: string, language: string, options: TOptions | undefined): string[] {
  const keys = [key];
  const count = options?.count;
  const plural = typeof count === 'number';
  const suffix = plural ? `_${pluralCategory(language, count)}` : '';
  if (plural) {
    keys.push(key + suffix);
    if (count === 0) keys.push(`${key}_zero`);
  }
  const context = options?.context;
  if (typeof context === 'string' && context !== '') {
    const contextKey = `${key}_${context}`;
    keys.push(contextKey);
    if (plural) {
      keys.push(contextKey + suffix);
      if (count === 0) keys.push(`${contextKey}_zero`);
    }
  }
  return keys.reverse();
}

/**
 * The app's translator: the strings of each language, the language shown, and `t`. Catalogues
 * arrive with `addResourceBundle` (the core file at start, each full catalogue on demand).
 */
export class I18n {
  language: string;
  readonly fallbackLanguage: string;
  /** Counts the changes (language, strings added), for the React binding's re-render. */
  revision = 0;
  private store = new Map<string, Catalogue>();
  private listeners = new Map<TranslatorEvent, Set<Listener>>();

  constructor({ language, fallbackLanguage, resources = {} }: I18nOptions) {
    this.language = language;
    this.fallbackLanguage = fallbackLanguage;
    for (const [code, catalogue] of Object.entries(resources)) this.store.set(code, catalogue);
  }

  /** The language shown (every language the app sets is one it has). */
  get resolvedLanguage(): string {
    return this.language;
  }

  /** The text of `key` in the language shown, else the fallback's, else the default or key. */
  readonly t: TFunction = (key, options) => {
    const found = this.resolve(key, options);
    if (found !== undefined) return interpolate(found, options);
    if (typeof options?.defaultValue === 'string')
      return interpolate(options.defaultValue, options);
    return key;
  };

  /** Whether some language in use has `key` (with its plural/context forms). */
  exists(key: string, options?: TOptions): boolean {
    return this.resolve(key, options) !== undefined;
  }

  changeLanguage(language: string): Promise<TFunction> {
    if (language !== this.language) {
      this.language = language;
      this.emit('languageChanged', language);
    }
    return Promise.resolve(this.t);
  }

  /** Adds `catalogue` to the strings of `language`, deeply (its strings win). */
  addResourceBundle(language: string, catalogue: object): this {
    const current = this.store.get(language);
    const added = catalogue as Catalogue;
    this.store.set(language, current ? merge(current, added) : added);
    this.emit('added', language);
    return this;
  }

  hasResourceBundle(language: string): boolean {
    return this.store.has(language);
  }

  on(event: TranslatorEvent, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  off(event: TranslatorEvent, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: TranslatorEvent, language: string): void {
    this.revision += 1;
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(language);
  }

  private resolve(key: string, options: TOptions | undefined): string | undefined {
    if (typeof key !== 'string' || key === '') return undefined;
    const languages =
      this.language === this.fallbackLanguage
        ? [this.language]
        : [this.language, this.fallbackLanguage];
    for (const language of languages) {
      const catalogue = this.store.get(language);
      for (const candidate of candidates(key, language, options)) {
        const found = lookup(catalogue, candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
}
