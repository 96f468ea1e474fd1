import type { QueueItem } from '../api/types';

// Where an item of the queue is handled: the patient's page, on the section that holds it,
// with the ids its action needs in the address (so a reload keeps the action ready).

export type PatientSection =
  | 'profile'
  | 'billing'
  | 'prescriptions'
  | 'weight'
  | 'forms'
  | 'id'
  | 'bulk'
  | 'messages'
  | 'appointments'
  | 'audit';

export const SECTION_OF: Record<QueueItem['kind'], PatientSection> = {
  side_effect: 'forms',
  id_verification: 'id',
  bulk_order: 'bulk',
  form_review: 'forms',
  shipment: 'prescriptions',
  renewal_failed: 'billing',
  no_weight: 'weight',
};

export function itemPath(item: QueueItem): string {
  const params = new URLSearchParams({ section: SECTION_OF[item.kind], item: item.key });
  for (const [name, value] of Object.entries(item.ref)) {
    if (typeof value === 'string') params.set(name, value);
  }
  return `/care/patients/${encodeURIComponent(item.customer.id)}?${params.toString()}`;
}
