import {
  tosConsentSchema,
  treatmentShortIdSchema,
  type PreferenceStatus,
  type TosConsentStatus,
} from '@portal/domain';
import { firstIssues, type FieldErrors } from '../../lib/field-errors';

// The server checks UpsertTosConsent with tosConsentSchema and the booking's treatment with
// treatmentShortIdSchema; the form checks the same two, so its messages are the server's. In
// its own chunk: /book-appointment's first step loads zod when the customer first reaches for
// the form, not with the page (issue 46: the route's own JavaScript, 60 KB).
const contactSchema = tosConsentSchema.extend({ treatmentShortId: treatmentShortIdSchema });
export type ContactOutput = ReturnType<typeof contactSchema.parse>;

/** What the boxes hold; the schema only lets `accepted` terms through. */
export interface ContactValues {
  treatmentShortId: string;
  tosStatus: TosConsentStatus;
  marketingContentStatus: PreferenceStatus;
}
export type ContactField = keyof ContactValues;
export type ContactErrors = FieldErrors<ContactField>;
export type ContactValidation = { values: ContactOutput } | { errors: ContactErrors };

const FIELDS: readonly ContactField[] = ['treatmentShortId', 'tosStatus', 'marketingContentStatus'];

/** The contact step's values through the schema; the first issue of each field is its error. */
export function validateContact(values: ContactValues): ContactValidation {
  const result = contactSchema.safeParse(values);
  if (result.success) return { values: result.data };
  return { errors: firstIssues(result.error.issues, FIELDS) };
}
