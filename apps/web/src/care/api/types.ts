import type { QueueKind } from '@portal/domain';

// The staff API's answers as the console reads them (issue 41's contract). The patient record
// is read loosely: fields the console does not know are ignored, and a missing list is empty.

export type StaffRole = 'care' | 'admin';

export type SignInAnswer =
  | { status: 'enroll'; challenge: string; secret: string; otpauthUrl: string; qrSvg: string }
  | { status: 'verify'; challenge: string };

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  role: StaffRole;
}
export interface EnrollAnswer extends TokenAnswer {
  recoveryCodes: string[];
}
export interface VerifyAnswer extends TokenAnswer {
  recoveryCodesLeft?: number;
}

export interface StaffMe {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
}

export interface QueueClaim {
  staffId: string;
  staffName: string;
  at: string;
}

export interface QueueRef {
  verificationId?: string;
  bulkOrderId?: string;
  shipmentId?: string;
  prescriptionId?: string;
  chargeId?: string;
  taskId?: string;
}

export interface QueueItem {
  key: string;
  kind: QueueKind;
  urgent: boolean;
  title: string;
  detail: string;
  customer: { id: string; firstName: string; lastName: string; email: string };
  since: string;
  claim: QueueClaim | null;
  ref: QueueRef;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  pageSize: number;
  counts: Partial<Record<QueueKind, number>>;
}

export interface QueueFilters {
  kind?: QueueKind | undefined;
  search?: string | undefined;
  urgentOnly?: boolean | undefined;
  page: number;
  pageSize: number;
}

export interface CustomerRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  stateCode: string | null;
  createdAt: string;
  status: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  who: string;
  action: string;
  entity: string;
  fields: string[] | null;
}

/** Any row of the patient record: an id and whatever else the server sends. */
export type RecordRow = { id: string } & Record<string, unknown>;

export interface PatientProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  dateOfBirth?: string | null;
  stateCode?: string | null;
  timeZone?: string | null;
  createdAt?: string;
  status?: string;
}

export interface PatientRecord {
  profile: PatientProfile;
  addresses: RecordRow[];
  plans: RecordRow[];
  invoices: RecordRow[];
  prescriptions: RecordRow[];
  weights: RecordRow[];
  forms: RecordRow[];
  idVerifications: RecordRow[];
  messages: RecordRow[];
  appointments: RecordRow[];
  bulkOrders: RecordRow[];
  charges: RecordRow[];
}
