import { DEFAULT_TIME_ZONE, FEATURE_FLAGS, planItemPriceId } from '@portal/domain';
import type { FunnelInfo } from '../db/schema/catalog';
import { DEMO_ITEM_PRICES } from './billing-catalog';

/** The treatments the provider offers (spec 01 section 3, spec 02 section 3). */
export const DEMO_TREATMENTS = [
  {
    shortId: 'weightmanagement',
    displayName: 'Weight Management (GLP-1)',
    billingProductId: 'weightmanagement',
  },
  { shortId: 'tirzepatide', displayName: 'Tirzepatide', billingProductId: 'tirzepatide' },
  {
    shortId: 'weightmanagement_bulk',
    displayName: 'Semaglutide Bulk Supply',
    billingProductId: 'weightmanagement_bulk',
  },
  {
    shortId: 'followup_weightmanagement_bulk',
    displayName: 'Bulk Supply Follow-up',
    billingProductId: 'weightmanagement_bulk',
  },
  { shortId: 'testosterone', displayName: 'Testosterone Therapy', billingProductId: 'trt' },
  { shortId: 'hormone', displayName: 'Hormone Therapy', billingProductId: 'hrt' },
  { shortId: 'ed', displayName: 'Erectile Dysfunction', billingProductId: 'ed' },
  { shortId: 'sleep', displayName: 'Sleep', billingProductId: 'sleep' },
  { shortId: 'enclomiphene', displayName: 'Enclomiphene', billingProductId: 'enclomiphene' },
  // Spec 02 §9's phentermine monthly plan (phentermine-monthly-USD): weight loss, not a GLP-1.
  { shortId: 'phentermine', displayName: 'Phentermine', billingProductId: 'phentermine' },
];

/**
 * The treatment's month-to-month plan, as the treatment change prices it: its item price names
 * the billing product, not the treatment (trt-monthly-USD); null for a treatment sold with no
 * plan (the bulk supply), which the change then does not offer.
 */
function monthlyPlanOf(treatmentShortId: string): string | null {
  const product = DEMO_TREATMENTS.find((t) => t.shortId === treatmentShortId)?.billingProductId;
  const id = product ? planItemPriceId(product, 1) : null;
  return DEMO_ITEM_PRICES.some((p) => p.id === id) ? id : null;
}

function config(
  treatmentShortId: string,
  name: string,
  treatmentCategory: string,
  funnelInfo: FunnelInfo,
  followUpType = 'telehealth',
) {
  return {
    treatmentShortId,
    name,
    treatmentCategory,
    followUpType,
    itemPriceId: monthlyPlanOf(treatmentShortId),
    intakeId: `${treatmentShortId}-intake`,
    followupIntakeId: `${treatmentShortId}-followup`,
    funnelInfo,
  };
}

export const DEMO_TREATMENT_CONFIGURATIONS = [
  config('weightmanagement', 'Weight Management', 'weightloss', {
    Appointment: 'weightmanagement',
    FollowupAppointment: 'followup_weightmanagement',
    TypeformIntakeId: 'wm-intake',
    FollowupTypeformIntakeId: 'wm-followup',
  }),
  config('tirzepatide', 'Tirzepatide', 'weightloss', {
    Appointment: 'tirzepatide',
    FollowupAppointment: 'followup_tirzepatide',
  }),
  config(
    'weightmanagement_bulk',
    'Semaglutide Bulk',
    'weightloss',
    { Appointment: 'weightmanagement_bulk' },
    'async',
  ),
  config(
    'followup_weightmanagement_bulk',
    'Semaglutide Bulk Follow-up',
    'weightloss',
    { FollowupAppointment: 'followup_weightmanagement_bulk' },
    'async',
  ),
  config('testosterone', 'Testosterone', 'testosterone', {
    Appointment: 'testosterone',
    FollowupAppointment: 'followup_testosterone',
  }),
  config('hormone', 'Hormone Therapy', 'hormone', { Appointment: 'hormone' }),
  config('ed', 'Erectile Dysfunction', 'ed', { Appointment: 'ed' }, 'async'),
  config('sleep', 'Sleep', 'sleep', { Appointment: 'sleep' }),
  config('enclomiphene', 'Enclomiphene', 'testosterone', { Appointment: 'enclomiphene' }),
  config('phentermine', 'Phentermine', 'weightloss', { Appointment: 'phentermine' }),
];

export const DEMO_PROVIDERS = [
  {
    displayName: 'Dr. Priya Natarajan',
    title: 'MD, Internal Medicine',
    virtualVisitLink: 'https://visit.example.com/natarajan',
    timeZone: DEFAULT_TIME_ZONE,
  },
  {
    displayName: 'Marcus Bell',
    title: 'NP, Family Medicine',
    virtualVisitLink: 'https://visit.example.com/bell',
    timeZone: 'America/Chicago',
  },
  {
    displayName: 'Dr. Elena Ruiz',
    title: 'MD, Endocrinology',
    virtualVisitLink: 'https://visit.example.com/ruiz',
    timeZone: 'America/New_York',
  },
];

/** Default flag values for every customer; a customer row in feature_flags overrides one. */
export const DEMO_FLAG_DEFAULTS: [string, boolean][] = [
  [FEATURE_FLAGS.oneWayMessaging, true],
  [FEATURE_FLAGS.googleSso, false],
  [FEATURE_FLAGS.referralProgram, true],
  [FEATURE_FLAGS.healthCoachSupportedStates, false],
  [FEATURE_FLAGS.bulkDisclaimer, false],
  [FEATURE_FLAGS.glp1AlertBanner, false],
  [FEATURE_FLAGS.dosingGuideRoute, false],
  [FEATURE_FLAGS.personifyHealth, false],
  [FEATURE_FLAGS.upFrontPricing, false],
  [FEATURE_FLAGS.bulkOrdering, true],
  [FEATURE_FLAGS.spanish, false],
];
