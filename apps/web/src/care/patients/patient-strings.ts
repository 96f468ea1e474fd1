// The patient page's words for its second round (issue 41): the bulk order decline, the
// message templates, the invoice link. Kept beside the page rather than in care/strings.ts,
// which other parts of the console extend at the same time.

import { cloneTable, type Shape } from '../strings';

export const patientEn = {
  declineTitle: 'Decline the bulk order',
  declineReason: 'Reason (the patient is told)',
  declineHelp: 'Say why in a sentence the patient can act on.',
  declineRequired: 'Say why the order is declined.',
  declineSubmit: 'Decline order',
  declined: 'Order declined. The patient has been told.',
  approved: 'Order approved. The patient has been asked to pay.',
  declineLabel: (vials: string, day: string) => `Decline the order of ${vials} vials of ${day}`,
  approveLabel: (vials: string, day: string) => `Approve the order of ${vials} vials of ${day}`,
  noTemplate: 'No template: write it myself',
  templatesLoading: 'Loading templates…',
  templatesFailed: 'The templates could not be loaded; you can still write the message.',
  templateHelp: 'Choosing a template fills in the message; edit it before sending.',
  invoicePdf: 'PDF',
  invoicePdfLabel: (number: string) => `Download invoice ${number} as PDF`,
  invoicePdfFailed: 'The invoice link could not be made. Try again.',
} as const;

export type PatientStrings = Shape<typeof patientEn>;
/** The live table the page reads (the language choice fills it: language/language.ts). */
export const patientStrings: PatientStrings = cloneTable(patientEn);
