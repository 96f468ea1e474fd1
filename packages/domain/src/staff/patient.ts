import { z } from 'zod';

// The care console's patient page (issue 41): the query parameters of the staff read routes,
// shared so the console's search box and pager send what the server accepts.

/** GET /staff/customers: a name, an email (or part of one) or a customer's exact id. */
export const patientSearchQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

/** GET /staff/customers/:customerId/audit: the patient's own audit trail, newest first. */
export const patientAuditQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PatientAuditQuery = z.infer<typeof patientAuditQuerySchema>;

/** The sections of the patient overview, named in the audit row of each read. */
export const PATIENT_SECTIONS = [
  'profile',
  'addresses',
  'plans',
  'invoices',
  'charges',
  'prescriptions',
  'weights',
  'weightChangeRequests',
  'forms',
  'idVerifications',
  'messages',
  'appointments',
  'bulkOrders',
] as const;
export type PatientSection = (typeof PATIENT_SECTIONS)[number];
