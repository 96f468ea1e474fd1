import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import {
  ADDON_NAMES,
  APP_VERSION,
  AVAILABILITY_LABEL_THRESHOLDS,
  BOOKING_WINDOW,
  BULK_ADMIN_FEE_CENTS_PER_MONTH,
  BULK_FULL_PRICE_PER_VIAL_CENTS,
  BULK_RESUBMIT_BLOCK_MINUTES,
  BULK_TREATMENT_SHORT_IDS,
  BULK_VIAL_COUNTS,
  BULK_VIAL_OPTIONS,
  CARRIERS,
  CONTRACT_LENGTHS_MONTHS,
  DATE_FORMATS,
  FEATURE_FLAGS,
  INACTIVITY_COUNTDOWN_SECONDS,
  INACTIVITY_TIMEOUT_MS,
  JOIN_WINDOW_MINUTES,
  LANGUAGES,
  LOADING_FORM_SUPPORT_PROMPT_MS,
  PREVIOUS_APPOINTMENTS_LIMIT,
  PREVIOUS_PROVIDERS_LIMIT,
  ADHOC_SLOT_LIMIT,
  INVOICES_LIMIT,
  REFERRAL_CREDIT_CAP_PERCENT,
  REFERRAL_CREDIT_CENTS,
  RESCHEDULE_FIXED_START_DATE,
  RESCHEDULE_MIN_LEAD_MINUTES,
  RESCHEDULE_SEARCH_DAYS,
  SHIPPING_TRACKER_MIN_CREATED_DATE,
  SUPPORT_HOURS,
  TIME_GROUP_BOUNDARIES,
  UPCOMING_GRACE_MINUTES,
  VERSION_CHECK_INTERVAL_MS,
  WEIGHT_BOUNDS_LB,
  HUNDREDTHS_PER_POUND,
} from './constants';

const MINUTE_MS = 60_000;

describe('spec 02 §9: bulk semaglutide sale options', () => {
  // The spec's table, transcribed in dollars: vials, per vial, full price.
  const specTable = [
    [2, 549, 1782],
    [3, 499, 2673],
    [4, 489, 3564],
    [5, 479, 4455],
    [6, 449, 5346],
  ] as const;

  it('spec 02 §9: each row matches the spec table, in cents', () => {
    expect(BULK_VIAL_OPTIONS.map((o) => [o.vials, o.perVialCents, o.fullPriceCents])).toEqual(
      specTable.map(([vials, perVial, full]) => [vials, perVial * 100, full * 100]),
    );
  });

  it('spec 02 §9: the total is the per-vial price times the vial count', () => {
    for (const option of BULK_VIAL_OPTIONS) {
      expect(option.totalCents).toBe(option.perVialCents * option.vials);
    }
  });

  it('spec 02 §9: the full price is the full per-vial price times the vial count', () => {
    for (const option of BULK_VIAL_OPTIONS) {
      expect(option.fullPriceCents).toBe(BULK_FULL_PRICE_PER_VIAL_CENTS * option.vials);
      expect(option.totalCents).toBeLessThan(option.fullPriceCents);
    }
  });

  it('spec 02 §5, §9: payment links exist for 2 to 6 vials only, one row each', () => {
    expect([...BULK_VIAL_COUNTS]).toEqual([2, 3, 4, 5, 6]);
    expect(BULK_VIAL_OPTIONS.map((o) => o.vials)).toEqual([...BULK_VIAL_COUNTS]);
  });

  it('spec 02 §9: admin fee $49.99 a month, resubmission block 5 minutes, special short ids', () => {
    expect(BULK_ADMIN_FEE_CENTS_PER_MONTH).toBe(4999);
    expect(BULK_RESUBMIT_BLOCK_MINUTES).toBe(5);
    expect([...BULK_TREATMENT_SHORT_IDS].sort()).toEqual([
      'followup_weightmanagement_bulk',
      'weightmanagement_bulk',
    ]);
  });
});

describe('spec 01 §9: appointment limits and windows', () => {
  it('spec 01 §9: previous appointments 50, previous providers 5, ad hoc slots 100', () => {
    expect([PREVIOUS_APPOINTMENTS_LIMIT, PREVIOUS_PROVIDERS_LIMIT, ADHOC_SLOT_LIMIT]).toEqual([
      50, 5, 100,
    ]);
  });

  it('spec 01 §9: booking window is 24 h (48 h at weekends) to 13 days, inside the 14-day reschedule search', () => {
    expect(BOOKING_WINDOW).toEqual({ earliestHours: 24, earliestHoursWeekend: 48, latestDays: 13 });
    expect(BOOKING_WINDOW.latestDays).toBeLessThan(RESCHEDULE_SEARCH_DAYS);
    expect(RESCHEDULE_SEARCH_DAYS).toBe(14);
  });

  it('spec 01 §9: the fixed reschedule start is a valid ISO date, 2025-05-28', () => {
    expect(RESCHEDULE_FIXED_START_DATE).toBe('2025-05-28');
    expect(new Date(`${RESCHEDULE_FIXED_START_DATE}T00:00:00Z`).toISOString()).toBe(
      '2025-05-28T00:00:00.000Z',
    );
  });

  it('spec 01 §9: availability labels few ≤ 6 < some ≤ 12 < many', () => {
    expect(AVAILABILITY_LABEL_THRESHOLDS).toEqual({ fewMax: 6, someMax: 12 });
  });

  it('spec 01 §9: time groups split at 12:00 and 18:00', () => {
    expect(TIME_GROUP_BOUNDARIES).toEqual({ afternoonStartHour: 12, eveningStartHour: 18 });
  });

  it('spec 01 §4, §9: upcoming grace 30 min, reschedule lead 1 hour, join window 30 min', () => {
    expect(UPCOMING_GRACE_MINUTES * MINUTE_MS).toBe(30 * MINUTE_MS);
    expect(RESCHEDULE_MIN_LEAD_MINUTES * MINUTE_MS).toBe(60 * MINUTE_MS);
    expect(JOIN_WINDOW_MINUTES).toBe(30);
  });
});

describe('spec 01 §4, §9: session timing', () => {
  it('spec 01 §9: inactivity timeout is 1 hour with a 60-second countdown', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(60 * MINUTE_MS);
    expect(INACTIVITY_COUNTDOWN_SECONDS).toBe(60);
  });

  it('spec 01 §9: version check every 120 seconds; loading form prompt after 30 seconds', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(2 * MINUTE_MS);
    expect(LOADING_FORM_SUPPORT_PROMPT_MS).toBe(MINUTE_MS / 2);
  });

  it('spec 01 §4: the running version 1.18.13 is the package version', () => {
    expect(APP_VERSION).toBe('1.18.13');
    expect(packageJson.version).toBe(APP_VERSION);
  });
});

describe('spec 01 §9, spec 02 §9: dates, languages, support, carriers', () => {
  it('spec 02 §9: date formats include MM/dd/yyyy and card expiry MM/yy', () => {
    expect(Object.values(DATE_FORMATS)).toEqual(
      expect.arrayContaining(['MM/dd/yyyy', 'MM/yy', 'M/d/yyyy', 'EEEE', 'MMMM d']),
    );
    expect(DATE_FORMATS.cardExpiry).toBe('MM/yy');
  });

  it('spec 01 §9: support hours Monday to Saturday, 8am to 5pm Pacific', () => {
    // 2025-06-02 is a Monday; getUTCDay numbers Sunday 0 … Saturday 6.
    const weekdays = [...SUPPORT_HOURS.days].map((d) => new Date(Date.UTC(2025, 5, 1 + d)));
    expect(
      weekdays.map((d) => d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect([SUPPORT_HOURS.openHour, SUPPORT_HOURS.closeHour]).toEqual([8, 17]);
    expect(SUPPORT_HOURS.timeZone).toBe('America/Los_Angeles');
  });

  it('spec 01 §9: languages are en and es', () => {
    expect([...LANGUAGES]).toEqual(['en', 'es']);
  });

  it('spec 02 §9: tracker carriers UPS, FedEx, USPS from 2024-05-15', () => {
    expect([...CARRIERS].sort()).toEqual(['fedex', 'ups', 'usps']);
    expect(SHIPPING_TRACKER_MIN_CREATED_DATE).toMatch(/^2024-05-15$/);
  });
});

describe('spec 02 §9: money, weight, subscriptions, referrals', () => {
  it('spec 02 §5, §9: weight bounds 50 to 1400 lb, stored in hundredths', () => {
    expect(WEIGHT_BOUNDS_LB).toEqual({ min: 50, max: 1400 });
    expect(WEIGHT_BOUNDS_LB.max * HUNDREDTHS_PER_POUND).toBe(140_000);
  });

  it('spec 02 §9: contract lengths 1, 3, 6 and 12 months; five add-ons', () => {
    expect([...CONTRACT_LENGTHS_MONTHS]).toEqual([1, 3, 6, 12]);
    expect([...ADDON_NAMES]).toEqual([
      'high dose',
      'extra meds',
      'tirzepatide',
      'clomid',
      'hrt-trt',
    ]);
  });

  it('spec 02 §9: referral credit is $50 in cents, capped at half a bill; invoices limit 50', () => {
    expect(REFERRAL_CREDIT_CENTS).toBe(50 * 100);
    expect(REFERRAL_CREDIT_CAP_PERCENT / 100).toBe(0.5);
    expect(INVOICES_LIMIT).toBe(50);
  });
});

describe('spec 01 §6, spec 02 §6: feature flags', () => {
  it('spec 01 §6, spec 02 §6: every flag both specs name is present, spelled as in the spec', () => {
    expect(Object.values(FEATURE_FLAGS).sort()).toEqual(
      [
        'one-way-messaging',
        'google-sso',
        'referral_program',
        'health_coach_supported_states',
        'bulk_disclaimer',
        'glp1_alert_banner',
        'dosing_guide_route',
        'personify_health',
        'up_front_pricing',
      ].sort(),
    );
  });
});
