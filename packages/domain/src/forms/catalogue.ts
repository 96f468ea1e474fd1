import { PROVIDER_VISIT_V1 } from './definitions/provider-visit';
import { SIDE_EFFECT_CHECK_IN_V1 } from './definitions/side-effect-check-in';
import { WM_FOLLOW_UP_V1 } from './definitions/wm-follow-up';
import { WM_INTAKE_V1, WM_INTAKE_V2 } from './definitions/wm-intake';
import type { FormDefinition } from './questionnaire';
import { ID_CHECK_REQUIREMENT_TYPES, type RequirementType } from '../vocabularies';

export { PROVIDER_VISIT_V1, SIDE_EFFECT_CHECK_IN_V1, WM_FOLLOW_UP_V1, WM_INTAKE_V1, WM_INTAKE_V2 };

/** What a form is for: an appointment's intake, a follow-up, a provider form, a check-in. */
export const FORM_KINDS = ['intake', 'follow_up', 'provider', 'check_in'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/**
 * The forms the portal seeds, oldest version first (the server stores each url|version once; a
 * new version is a new row, and the newest one is what a new response starts on).
 */
export const SEEDED_FORMS: readonly {
  shortId: string;
  kind: FormKind;
  definition: FormDefinition;
}[] = [
  { shortId: 'wm-intake', kind: 'intake', definition: WM_INTAKE_V1 },
  { shortId: 'wm-intake', kind: 'intake', definition: WM_INTAKE_V2 },
  { shortId: 'wm-follow-up', kind: 'follow_up', definition: WM_FOLLOW_UP_V1 },
  { shortId: 'provider-visit', kind: 'provider', definition: PROVIDER_VISIT_V1 },
  { shortId: 'side-effect-check-in', kind: 'check_in', definition: SIDE_EFFECT_CHECK_IN_V1 },
];

/**
 * Where a requirement of a visit sends the customer (spec 01 §3): the intake form for that
 * visit, or the ID check.
 */
export function requirementLink(type: RequirementType, appointmentId: string): string {
  return (ID_CHECK_REQUIREMENT_TYPES as readonly string[]).includes(type)
    ? '/id-verification'
    : `/forms/wm-intake?appointment_id=${encodeURIComponent(appointmentId)}`;
}
