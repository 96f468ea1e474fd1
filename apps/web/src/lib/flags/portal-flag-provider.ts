import {
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import { ANONYMOUS_TARGETING_KEY, type FlagStore } from './flag-store';

/**
 * The OpenFeature face of the app's flag store (flag-store.ts): signed-in screens read flags
 * with the SDK's hooks; the values, overrides included, are the store's. Loaded with the
 * signed-in layer (app/data-layer.tsx), not with the sign-in page (issue 16).
 */
export class PortalFlagProvider implements Provider {
  readonly metadata = { name: 'portal-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();

  constructor(private readonly store: FlagStore) {
    // A new answer or override (a new `ff_` parameter): re-evaluate every flag.
    store.subscribe(() => this.events.emit(ProviderEvents.ConfigurationChanged, {}));
  }

  async initialize(context?: EvaluationContext): Promise<void> {
    await this.store.setContext(context?.targetingKey ?? ANONYMOUS_TARGETING_KEY);
  }

  async onContextChange(_old: EvaluationContext, next: EvaluationContext): Promise<void> {
    await this.store.setContext(next.targetingKey ?? ANONYMOUS_TARGETING_KEY);
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    const resolved = this.store.resolve(flagKey);
    if (resolved?.source === 'override') {
      return {
        value: resolved.value,
        reason: StandardResolutionReasons.STATIC,
        variant: 'override',
      };
    }
    if (resolved)
      return { value: resolved.value, reason: StandardResolutionReasons.TARGETING_MATCH };
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
}
