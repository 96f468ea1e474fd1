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

export const ANONYMOUS_TARGETING_KEY = 'anonymous';

/**
 * An OpenFeature provider backed by the server's per-customer flag table (GetFeatureFlags).
 * Query-parameter overrides win over the server; unknown flags take the caller's default.
 */
export class PortalFlagProvider implements Provider {
  readonly metadata = { name: 'portal-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private flags: Record<string, boolean> = {};

  constructor(
    private readonly load: FlagLoader,
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
    if (!key || key === ANONYMOUS_TARGETING_KEY) {
      this.flags = {};
      return;
    }
    try {
      this.flags = await this.load();
    } catch {
      // Without the server's answer every flag takes its default: the portal still works.
      this.flags = {};
    }
  }
}
