import type { FlagOverrides } from './overrides';

export type FlagLoader = () => Promise<Record<string, boolean>>;

export interface FlagLoaders {
  /** The signed-in customer's flags (GetFeatureFlags). */
  customer: FlagLoader;
  /** A signed-out visitor's flags: the table's defaults (/config.json). */
  visitor: FlagLoader;
}

export const ANONYMOUS_TARGETING_KEY = 'anonymous';

/**
 * The server's flag table as the app sees it: a customer's own values once signed in
 * (GetFeatureFlags), the table's defaults for a signed-out visitor (/config.json).
 * Query-parameter overrides win over the server; unknown flags take the caller's default.
 *
 * Issue 16: a plain store, so the signed-out screens read flags (useFlag) without the
 * OpenFeature SDK; signed-in screens read the same store through OpenFeature
 * (PortalFlagProvider, loaded with the signed-in layer, app/data-layer.tsx).
 */
export class FlagStore {
  private flags: Record<string, boolean> = {};
  private targetingKey: string | undefined;
  private loadedKey: string | undefined;
  private pending: Promise<void> | undefined;
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly load: FlagLoaders,
    private readonly overrides: () => FlagOverrides,
  ) {}

  /** Loads the flags of `targetingKey` (once: a second call for the same key shares the load). */
  setContext(targetingKey: string): Promise<void> {
    if (this.pending && this.targetingKey === targetingKey) return this.pending;
    this.targetingKey = targetingKey;
    const load = this.fetchFor(targetingKey).then((flags) => {
      if (this.targetingKey !== targetingKey) return;
      this.flags = flags;
      this.loadedKey = targetingKey;
      this.changed();
    });
    this.pending = load;
    return load;
  }

  /** Whether the flags in place are `targetingKey`'s (loaded, and no other load since). */
  hasFlagsFor(targetingKey: string): boolean {
    return this.loadedKey === targetingKey && this.targetingKey === targetingKey;
  }

  /** Overrides changed (a new `ff_` parameter): every reader re-evaluates. */
  notifyOverridesChanged(): void {
    this.changed();
  }

  /** A flag's value: an override, else the server's, else `defaultValue`. */
  resolve(flagKey: string): { value: boolean; source: 'override' | 'server' } | undefined {
    const forced = this.overrides()[flagKey];
    if (forced !== undefined) return { value: forced, source: 'override' };
    const value = this.flags[flagKey];
    return value === undefined ? undefined : { value, source: 'server' };
  }

  getBoolean(flagKey: string, defaultValue: boolean): boolean {
    return this.resolve(flagKey)?.value ?? defaultValue;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every new answer or override (useSyncExternalStore). */
  readonly getSnapshot = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  private async fetchFor(targetingKey: string): Promise<Record<string, boolean>> {
    const signedIn = targetingKey !== '' && targetingKey !== ANONYMOUS_TARGETING_KEY;
    const loaders = signedIn ? [this.load.customer, this.load.visitor] : [this.load.visitor];
    // Without the customer's flags the table's defaults stand in; without those every flag
    // takes the caller's default: the portal still works.
    for (const load of loaders) {
      try {
        return await load();
      } catch {
        continue;
      }
    }
    return {};
  }
}
