import { describe, expect, it } from 'vitest';
import {
  ID_CHECK_REQUIREMENT_TYPES,
  INTAKE_REQUIREMENT_TYPES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_CATEGORIES,
  NOTIFICATION_STATUSES,
  PRESCRIPTION_SNACKBAR_STATUSES,
  PRESCRIPTION_STATUSES,
  PRONOUNS,
  REQUIREMENT_TYPES,
  SHIPMENT_STAGES,
} from './vocabularies';

describe('spec vocabularies', () => {
  it('spec 01 §3: intake and ID-check requirement types split the requirement types', () => {
    const split = [...INTAKE_REQUIREMENT_TYPES, ...ID_CHECK_REQUIREMENT_TYPES].sort();
    expect(split).toEqual([...REQUIREMENT_TYPES].sort());
    expect([...INTAKE_REQUIREMENT_TYPES]).toEqual(['typeform_intake', 'intake']);
    expect([...ID_CHECK_REQUIREMENT_TYPES]).toEqual(['typeform_dl', 'identification_check']);
  });

  it('spec 01 §3: notification statuses are the five the spec lists', () => {
    expect([...NOTIFICATION_STATUSES].sort()).toEqual(
      ['action_completed', 'deleted', 'read', 'requires_action', 'unread'].sort(),
    );
  });

  it('spec 02 §2: pronouns she_her, he_him, they_them, other', () => {
    expect([...PRONOUNS]).toEqual(['she_her', 'he_him', 'they_them', 'other']);
  });

  it('spec 02 §2: preference categories and channels', () => {
    expect([...NOTIFICATION_PREFERENCE_CATEGORIES]).toEqual([
      'Marketing',
      'Transactional',
      'WeightTrackerReminderEmailSMS',
    ]);
    expect([...NOTIFICATION_CHANNELS]).toEqual(['email', 'sms', 'push']);
  });

  it('spec 02 §4: the snackbar knows every prescription status plus four more, no duplicates', () => {
    expect(PRESCRIPTION_SNACKBAR_STATUSES).toEqual(
      expect.arrayContaining([...PRESCRIPTION_STATUSES]),
    );
    expect(new Set(PRESCRIPTION_SNACKBAR_STATUSES).size).toBe(PRESCRIPTION_STATUSES.length + 4);
  });

  it('spec 02 §2: four tracker stages in order, ending at delivered', () => {
    expect([...SHIPMENT_STAGES]).toEqual(['inProgress', 'shipped', 'outForDelivery', 'delivered']);
  });
});
