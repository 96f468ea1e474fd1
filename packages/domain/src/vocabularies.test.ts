import { describe, expect, it } from 'vitest';
import { isExcludedStatus } from './appointments/rules';
import {
  EXCLUDED_APPOINTMENT_STATUSES,
  ID_CHECK_REQUIREMENT_TYPES,
  INTAKE_REQUIREMENT_TYPES,
  NOTIFICATION_TYPE,
  NOTIFICATION_TYPES,
  PRESCRIPTION_SNACKBAR_STATUSES,
  PRESCRIPTION_STATUSES,
  REQUIREMENT_TYPES,
  RESCHEDULE_STATUS_SCHEDULED,
  SHIPMENT_STAGES,
  SLOT_RELEASING_STATUSES,
} from './vocabularies';

describe('spec vocabularies', () => {
  it('spec 01 §3: every requirement type means either intake or an ID check, never both', () => {
    const intake: readonly string[] = INTAKE_REQUIREMENT_TYPES;
    const idCheck: readonly string[] = ID_CHECK_REQUIREMENT_TYPES;
    for (const type of REQUIREMENT_TYPES) {
      expect([intake.includes(type), idCheck.includes(type)].filter(Boolean)).toHaveLength(1);
    }
  });

  it('spec 01 §3, §4: a rescheduled appointment stays in the lists; only the four excluded statuses leave', () => {
    expect(isExcludedStatus(RESCHEDULE_STATUS_SCHEDULED)).toBe(false);
    expect(isExcludedStatus(RESCHEDULE_STATUS_SCHEDULED.toLowerCase())).toBe(false);
    for (const status of EXCLUDED_APPOINTMENT_STATUSES) expect(isExcludedStatus(status)).toBe(true);
  });

  it('a visit that gives its time back is one the lists leave out; a reserved one keeps its slot', () => {
    for (const status of SLOT_RELEASING_STATUSES) expect(isExcludedStatus(status)).toBe(true);
    expect(SLOT_RELEASING_STATUSES).not.toContain('reserved');
    expect(SLOT_RELEASING_STATUSES).not.toContain('scheduled');
  });

  it('spec 01 §3: each notification type the portal acts on has one name', () => {
    expect(new Set(NOTIFICATION_TYPES).size).toBe(Object.keys(NOTIFICATION_TYPE).length);
  });

  it('spec 02 §4: the snackbar knows every prescription status, each once', () => {
    expect(PRESCRIPTION_SNACKBAR_STATUSES).toEqual(
      expect.arrayContaining([...PRESCRIPTION_STATUSES]),
    );
    expect(new Set(PRESCRIPTION_SNACKBAR_STATUSES).size).toBe(
      PRESCRIPTION_SNACKBAR_STATUSES.length,
    );
  });

  it('spec 02 §2, §4: every tracker stage is a status the snackbar can show, and the last is delivered', () => {
    const known: readonly string[] = PRESCRIPTION_SNACKBAR_STATUSES;
    for (const stage of SHIPMENT_STAGES) expect(known).toContain(stage);
    expect(SHIPMENT_STAGES.at(-1)).toBe('delivered');
  });
});
