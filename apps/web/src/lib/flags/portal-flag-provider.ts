import {
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
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
 * An OpenFeature provider backed by the server's flag table: a customer's own values once
 * signed in (GetFeatureFlags), the table's defaults for a signed-out visitor (/config.json).
 * Query-parameter overrides win over the server; unknown flags take the caller's default.
 */
export class PortalFlagProvider implements Provider {
  readonly metadata = { name: 'portal-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private flags: Record<string, boolean> = {};

  constructor(
    private readonly load: FlagLoaders,
    private readonly overrides: () => FlagOverrides,
  ) {}

  async initialize(context?: EvaluationContext): Promise<void> {
    await this.fetchFor(context);
  }

  async onContextChange(_old: EvaluationContext, next: EvaluationContext): Promise<void> {
    await this.fetchFor(next);
  }

  /** Overrides changed (a new `ff_` parameter): re-evaluate every flag. */
  notifyOverridesChanged(): void {
    this.events.emit(ProviderEvents.ConfigurationChanged, {});
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    const forced = this.overrides()[flagKey];
    if (forced !== undefined) {
      return { value: forced, reason: StandardResolutionReasons.STATIC, variant: 'override' };
    }
    const value = this.flags[flagKey];
    if (value !== undefined) {
      return { value, reason: StandardResolutionReasons.TARGETING_MATCH };
    }
    return { value: defaultValue, reason: StandardResolutionReasons.DEFAULT };
  }

  resolveStringEvaluation(_flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return { value: defaultValue, reason: StandardResolutionReasons.DEFAULT };
  }

  resolveNumberEvaluation(_flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return { value: defaultValue, reason: StandardResolutionReasons.DEFAULT };
  }

  resolveObjectEvaluation<T extends JsonValue>(_flagKey: string, defaultValue: T) {
    return { value: defaultValue, reason: StandardResolutionReasons.DEFAULT };
  }

  private async fetchFor(context: EvaluationContext | undefined): Promise<void> {
    const key = context?.targetingKey;
    const signedIn = Boolean(key) && key !== ANONYMOUS_TARGETING_KEY;
    const loaders = signedIn ? [this.load.customer, this.load.visitor] : [this.load.visitor];
    // Without the customer's flags the table's defaults stand in; without those every flag
    // takes the caller's default: the portal still works.
    for (const load of loaders) {
      try {
        this.flags = await load();
        return;
      } catch {
        continue;
      }
    }
    this.flags = {};
  }
}
