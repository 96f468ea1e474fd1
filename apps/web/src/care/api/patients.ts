import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCare } from './services';
import type { AuditEntry, CustomerRow, PatientRecord, RecordRow } from './types';

// Patients: the search, one patient's record, and its audit trail.

export const patientKey = (id: string) => ['care', 'patient', id] as const;

export function useCustomers(search: string, page: number, pageSize: number) {
  const { api } = useCare();
  return useQuery({
    queryKey: ['care', 'customers', search, page, pageSize],
    queryFn: () =>
      api.get<{ items: CustomerRow[]; total: number }>('/staff/customers', {
        search: search || undefined,
        page,
        pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

const LISTS = [
  'addresses',
  'plans',
  'invoices',
  'prescriptions',
  'weights',
  'forms',
  'idVerifications',
  'messages',
  'appointments',
  'bulkOrders',
  'charges',
] as const;

type RawRecord = Omit<Partial<PatientRecord>, 'addresses'> & {
  profile: PatientRecord['profile'];
  addresses?: RecordRow[] | Record<string, Record<string, unknown> | null>;
};

const asRows = (value: unknown): RecordRow[] =>
  Array.isArray(value) ? (value as RecordRow[]) : [];

/**
 * The record as the sections read it: every list present, every row with an id (rows the
 * server sends without one are keyed by what identifies them), addresses as rows of their
 * kind, and the patient's state from the shipping address when the profile has none.
 */
export function normalise(raw: RawRecord): PatientRecord {
  const { addresses, ...rest } = raw;
  const record = { ...rest, addresses: [] } as PatientRecord;
  for (const list of LISTS) {
    if (!Array.isArray(record[list])) record[list] = [];
  }
  record.addresses = Array.isArray(addresses)
    ? addresses
    : Object.entries(addresses ?? {}).flatMap(([kind, row]) =>
        row ? [{ ...row, id: kind, kind }] : [],
      );
  record.plans = asRows(raw.plans).map((row) => ({
    ...row,
    id: String(row.id ?? row.subscriptionId ?? ''),
  }));
  record.weights = asRows(raw.weights).map((row, at) => ({
    ...row,
    id: String(row.id ?? `${String(row.date)}-${String(at)}`),
  }));
  const shipping = record.addresses.find((row) => row.kind === 'shipping');
  if (!record.profile.stateCode && typeof shipping?.stateCode === 'string') {
    record.profile = { ...record.profile, stateCode: shipping.stateCode };
  }
  return record;
}

export function usePatient(id: string) {
  const { api } = useCare();
  return useQuery({
    queryKey: patientKey(id),
    queryFn: async () =>
      normalise(await api.get<PatientRecord>(`/staff/customers/${encodeURIComponent(id)}`)),
  });
}

export function usePatientAudit(id: string, page: number, pageSize: number) {
  const { api } = useCare();
  return useQuery({
    queryKey: [...patientKey(id), 'audit', page, pageSize],
    queryFn: () =>
      api.get<{ items: AuditEntry[]; total: number }>(
        `/staff/customers/${encodeURIComponent(id)}/audit`,
        { page, pageSize },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A message template (GET /staff/message-templates): its type and its text. */
export interface MessageTemplate {
  id: string;
  type: string;
  description: string;
}

/** The templates, read when a message dialog opens (they change rarely). */
export function useMessageTemplates(enabled: boolean) {
  const { api } = useCare();
  return useQuery({
    queryKey: ['care', 'message-templates'],
    queryFn: async () =>
      (await api.get<{ templates: MessageTemplate[] }>('/staff/message-templates')).templates,
    enabled,
    staleTime: 60_000,
  });
}
