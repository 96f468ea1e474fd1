import { getJson } from './api/http';
import { parseExternalLinks, PLACEHOLDER_LINKS, type ExternalLinks } from './links';

/** GET /config.json: runtime settings the server hands the web app. */
export interface AppConfig {
  tenantId: string;
  googleSignIn: boolean;
  version: string | null;
  chatWidgetUrl: string | null;
  supportUrl: string | null;
  /** The provider's external pages (LINK_*_URL on the server; issue 44); always read. */
  links?: ExternalLinks;
  /** The care team's phone (CARE_TEAM_PHONE), shown after an urgent check-in answer. */
  careTeamPhone?: string | null;
  /** Browser key of the maps places script (address suggestions); null: no script loads. */
  mapsApiKey?: string | null;
  /** The flag table's defaults: what a signed-out visitor gets. */
  flags: Record<string, boolean>;
  /**
   * The processor the card forms talk to (issue 39): the built-in sandbox (cards posted to its
   * tokenization endpoint) or Stripe (its Payment Element, with this publishable key).
   */
  payments: PaymentsConfig;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'stripe';
  /** Stripe's publishable key (public by design); null with the sandbox. */
  publishableKey: string | null;
}

/** What the app runs on while /config.json loads, or when it cannot be read. */
export const FALLBACK_APP_CONFIG: AppConfig = {
  tenantId: 'portal',
  googleSignIn: false,
  version: null,
  chatWidgetUrl: null,
  supportUrl: null,
  links: PLACEHOLDER_LINKS,
  careTeamPhone: null,
  mapsApiKey: null,
  flags: {},
  payments: { provider: 'sandbox', publishableKey: null },
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function booleans(value: unknown): Record<string, boolean> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

/**
 * Anything but an explicit stripe is the sandbox. A stripe answer keeps its provider even
 * without a key: its card form then says it cannot load, rather than falling back to a form
 * that would post a card number to our own server.
 */
function payments(value: unknown): PaymentsConfig {
  const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return raw.provider === 'stripe'
    ? { provider: 'stripe', publishableKey: str(raw.publishableKey) }
    : { provider: 'sandbox', publishableKey: null };
}

export async function fetchAppConfig(): Promise<AppConfig> {
  // The default cache mode, so the answer index.html preloads is the one used (the server
  // sends it with no-store: it is never kept beyond that).
  const raw = await getJson<Record<string, unknown>>('/config.json', { cache: 'default' });
  return {
    tenantId: str(raw.tenantId) ?? FALLBACK_APP_CONFIG.tenantId,
    googleSignIn: raw.googleSignIn === true,
    version: str(raw.version),
    chatWidgetUrl: str(raw.chatWidgetUrl),
    supportUrl: str(raw.supportUrl),
    links: parseExternalLinks(raw.links),
    careTeamPhone: str(raw.careTeamPhone),
    mapsApiKey: str(raw.mapsApiKey),
    flags: booleans(raw.flags),
    payments: payments(raw.payments),
  };
}

/** Like the query cache's retry: two more tries, 1 s then 2 s apart. */
const RETRY_DELAYS_MS = [1000, 2000];

/**
 * /config.json, fetched once per page and shared (issue 16: a plain store, so the sign-in page
 * needs no query library). A failed load is forgotten: the next reader tries again.
 */
export class AppConfigStore {
  private value: AppConfig | undefined;
  private loading: Promise<AppConfig> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly fetchConfig: () => Promise<AppConfig> = fetchAppConfig,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  /** The cached copy, or one fetch (with retries). */
  load(): Promise<AppConfig> {
    if (this.value) return Promise.resolve(this.value);
    this.loading ??= this.fetchWithRetry().then(
      (config) => {
        this.set(config);
        return config;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Puts a config in place (tests, or an answer fetched elsewhere). */
  set(config: AppConfig): void {
    this.value = config;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AppConfig | undefined => this.value;

  private async fetchWithRetry(): Promise<AppConfig> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.fetchConfig();
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
