import {
  tosConsentSchema,
  treatmentShortIdSchema,
  type PreferenceStatus,
  type TosConsentStatus,
} from '@portal/domain';

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
/** Per field, the i18n key of its first problem (the domain schema's message). */
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValidation = { values: ContactOutput } | { errors: ContactErrors };

const FIELDS: readonly ContactField[] = ['treatmentShortId', 'tosStatus', 'marketingContentStatus'];
const isField = (key: PropertyKey | undefined): key is ContactField =>
  FIELDS.includes(key as ContactField);

/** The contact step's values through the schema; the first issue of each field is its error. */
export function validateContact(values: ContactValues): ContactValidation {
  const result = contactSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}
