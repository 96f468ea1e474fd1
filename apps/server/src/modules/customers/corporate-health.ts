import { FEATURE_FLAGS } from '@portal/domain';

/** Spec 01 §3, spec 02 §3: the tag that marks a corporate-health customer. */
export const CORPORATE_HEALTH_TAG = 'personify';

/**
 * Spec 02 §6: "A corporate-health mode needs the personify tag and the personify_health
 * flag". Both, never one alone: the tag says who the employer programme covers, the flag
 * whether the mode is switched on for them.
 */
export function isCorporateHealth(
  tags: readonly { name: string }[],
  flags: ReadonlyMap<string, boolean>,
): boolean {
  return (
    tags.some((tag) => tag.name === CORPORATE_HEALTH_TAG) &&
    (flags.get(FEATURE_FLAGS.personifyHealth) ?? false)
  );
}
