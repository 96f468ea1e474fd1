// Business constants from section 9 (and the few numbers stated elsewhere) of both spec
// documents: "01" is access-home-appointments-messages, "02" is treatment-and-money. Each
// number lives here once; apps import it rather than repeating it.

// ---------------------------------------------------------------------------
// Appointments and booking (spec 01 §4, §7, §9)
// ---------------------------------------------------------------------------

/** Spec 01 §9: previous appointments list is limited to 50. */
export const PREVIOUS_APPOINTMENTS_LIMIT = 50;
/** Spec 01 §7, §9: GetCustomerPreviousProviders limit 5. */
export const PREVIOUS_PROVIDERS_LIMIT = 5;
/** Spec 01 §7, §9: ad hoc availability query limit 100. */
export const ADHOC_SLOT_LIMIT = 100;
/** Spec 01 §4, §9: upcoming when start is later than 30 minutes before now. */
export const UPCOMING_GRACE_MINUTES = 30;

/**
 * Spec 01 §9: booking slot window. Earliest 24 hours ahead, 48 hours when today is Saturday
 * or Sunday in UTC terms; latest 13 days ahead.
 */
export const BOOKING_WINDOW = {
  earliestHours: 24,
  earliestHoursWeekend: 48,
  latestDays: 13,
} as const;

/** Spec 01 §9: the reschedule search looks up to 14 days ahead. */
export const RESCHEDULE_SEARCH_DAYS = 14;

/** Spec 01 §9: availability label by slots per day: ≤6 few, ≤12 some, above that many. */
export const AVAILABILITY_LABEL_THRESHOLDS = { fewMax: 6, someMax: 12 } as const;
export const AVAILABILITY_LABELS = ['few', 'some', 'many'] as const;
export type AvailabilityLabel = (typeof AVAILABILITY_LABELS)[number];

/** Spec 01 §9: before 12 morning, before 18 afternoon, otherwise evening (local hour). */
export const TIME_GROUP_BOUNDARIES = { afternoonStartHour: 12, eveningStartHour: 18 } as const;
export const TIME_GROUPS = ['morning', 'afternoon', 'evening'] as const;
export type TimeGroup = (typeof TIME_GROUPS)[number];

/** Spec 01 §9: the first 3 slots per group are shown. */
export const SLOTS_SHOWN_PER_GROUP = 3;
/** Spec 01 §9: the rest expand under See more only when at least 3 remain. */
export const SEE_MORE_MIN_REMAINING = 3;

/** Spec 01 §4, §9: reschedule needs at least 1 hour of lead time. */
export const RESCHEDULE_MIN_LEAD_MINUTES = 60;
/** Spec 01 §4, §9: Join Virtual Visit shows from 30 minutes before to 30 minutes after start. */
export const JOIN_WINDOW_MINUTES = 30;

// ---------------------------------------------------------------------------
// Session, shell and timing (spec 01 §2, §4, §8, §9; spec 02 §4, §9)
// ---------------------------------------------------------------------------

/** Spec 01 §4, §9: inactivity warning after 1 hour without input. */
export const INACTIVITY_TIMEOUT_MS = 3_600_000;
/** Spec 01 §4, §9: warning countdown of 60 seconds before automatic logout. */
export const INACTIVITY_COUNTDOWN_SECONDS = 60;
/** Spec 01 §4, §9: served version is checked at load and every 120 seconds. */
export const VERSION_CHECK_INTERVAL_MS = 120_000;
/** Spec 01 §4, §9: running version; the update banner shows when /version.json differs. */
export const APP_VERSION = '1.18.13';
/** Spec 01 §4, §9: token exchange after identity sign-in is debounced 200 ms. */
export const TOKEN_SIGN_IN_DEBOUNCE_MS = 200;
/** Spec 01 §4, §9: the tour starts 500 ms after its conditions are met. */
export const TOUR_START_DELAY_MS = 500;
/** Spec 01 §5, §9; spec 02 §9: intake route redirects home after 5000 ms without a link. */
export const INTAKE_REDIRECT_DELAY_MS = 5000;
/** Spec 01 §9; spec 02 §9: weight import notification delay. */
export const WEIGHT_IMPORT_NOTIFICATION_DELAY_MS = 7000;
/** Spec 01 §8; spec 02 §8: non-error alerts auto-hide after 4 seconds unless a delay is set. */
export const ALERT_AUTO_HIDE_MS = 4000;
/** Spec 01 §9; spec 02 §4, §9: a loading form shows a contact-support prompt after 30 s. */
export const LOADING_FORM_SUPPORT_PROMPT_MS = 30_000;
/** Spec 02 §4: after an email change succeeds the page reloads after 1 second. */
export const EMAIL_CHANGE_RELOAD_DELAY_MS = 1000;
/** Spec 01 §2: five greeting lines; the index cycles 0 to 4 and advances on each logout. */
export const GREETING_COUNT = 5;
/** Spec 02 §9: a password reset link expires in 1 hour. */
export const RESET_LINK_TTL_MINUTES = 60;

/** Spec 01 §2, §9; spec 02 §9: default height of the regulation / plan-expiry banner. */
export const DEFAULT_BANNER_HEIGHT_PX = 64;
/** Spec 01 §9; spec 02 §2, §9: side drawer (bulk payment) width. */
export const DRAWER_WIDTH_PX = 400;
/** Spec 01 §9; spec 02 §9: notification menu width. */
export const NOTIFICATION_MENU_WIDTH_PX = 475;
/** Spec 01 §9; spec 02 §9: contact dialog max width. */
export const CONTACT_DIALOG_MAX_WIDTH_PX = 740;

/** Spec 01 §1; spec 02 §2: the chat widget is hidden on these paths (and below them). */
export const CHAT_WIDGET_HIDDEN_PATHS = [
  '/message',
  '/bulk-payment',
  '/forms',
  '/henryForms',
] as const;

// ---------------------------------------------------------------------------
// Dates, languages, support (spec 01 §9; spec 02 §9)
// ---------------------------------------------------------------------------

/** Spec 01 §9; spec 02 §9: date-fns format strings. */
export const DATE_FORMATS = {
  date: 'MM/dd/yyyy',
  cardExpiry: 'MM/yy',
  shortDate: 'M/d/yyyy',
  weekday: 'EEEE',
  monthDay: 'MMMM d',
  /** Spec 01 §9: message times older than today. */
  messageDate: 'MMM dd, yyyy',
} as const;

/** Spec 01 §9; spec 02 §9; DESIGN §4: times are shown in this zone unless the customer's. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/**
 * The zones the booking dialog offers to show times in (issue 9), west to east: the US zones
 * of the supported states. The customer's device zone and their own zone are offered too.
 */
export const BOOKING_TIME_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
] as const;

/**
 * Whether `zone` is one of BOOKING_TIME_ZONES, the enum displayTimeZoneSchema checks: for the
 * screens that decide whether to save a zone before they load zod (issue 46); the server still
 * parses what they send with the schema.
 */
export function isBookingTimeZone(zone: string): boolean {
  return (BOOKING_TIME_ZONES as readonly string[]).includes(zone);
}

/**
 * Spec 01 §9; spec 02 §9: Monday to Saturday, 8am to 5pm Pacific. Days are numbered 1..6,
 * which is Monday..Saturday both in date-fns `getDay` and in ISO weekday numbering.
 */
export const SUPPORT_HOURS = {
  days: [1, 2, 3, 4, 5, 6],
  openHour: 8,
  closeHour: 17,
  timeZone: 'America/Los_Angeles',
} as const;

/** Spec 01 §1, §9; spec 02 §9: English, with Spanish supported. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

// ---------------------------------------------------------------------------
// Feature flags (spec 01 §2, §6; spec 02 §6)
// ---------------------------------------------------------------------------

/** Every flag name both specs mention, spelled as the flag service knows it. */
export const FEATURE_FLAGS = {
  oneWayMessaging: 'one-way-messaging',
  googleSso: 'google-sso',
  referralProgram: 'referral_program',
  healthCoachSupportedStates: 'health_coach_supported_states',
  bulkDisclaimer: 'bulk_disclaimer',
  glp1AlertBanner: 'glp1_alert_banner',
  dosingGuideRoute: 'dosing_guide_route',
  personifyHealth: 'personify_health',
  upFrontPricing: 'up_front_pricing',
  /** DESIGN §6: bulk ordering is on or off; off shows the "no longer available" notice. */
  bulkOrdering: 'bulk_ordering',
  /** Spec 01 §1 keeps the language switcher disabled; this flag turns Spanish on. */
  spanish: 'spanish',
} as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];
/** Spec 01 §4: `ff_<flag>` query parameters force a flag value. */
export const FEATURE_FLAG_OVERRIDE_PREFIX = 'ff_';

// ---------------------------------------------------------------------------
// Weight and measurement (spec 02 §3, §5, §9)
// ---------------------------------------------------------------------------

/** Spec 02 §5, §9: weights (current, goal, start) must be 50 to 1400 lb inclusive. */
export const WEIGHT_BOUNDS_LB = { min: 50, max: 1400 } as const;
/** Spec 02 §3, §9: weights are stored as integer hundredths of a pound. */
export const WEIGHT_UNIT = 'hundredthsOfAPound';
export const HUNDREDTHS_PER_POUND = 100;
/** Spec 02 §9: weight tip, 0.5 to 1 lb a week. */
export const WEIGHT_TIP_LB_PER_WEEK = { min: 0.5, max: 1 } as const;

// ---------------------------------------------------------------------------
// Bulk semaglutide (spec 02 §4, §5, §9). Money is integer cents (DESIGN §4).
// ---------------------------------------------------------------------------

/** Spec 02 §9: full (undiscounted) price per vial, $891; the table's full prices are 891 × n. */
export const BULK_FULL_PRICE_PER_VIAL_CENTS = 89_100;

/** Spec 02 §9: bulk sale options; totals are per-vial price × vials. */
export const BULK_VIAL_OPTIONS = [
  { vials: 2, perVialCents: 54_900, totalCents: 109_800, fullPriceCents: 178_200 },
  { vials: 3, perVialCents: 49_900, totalCents: 149_700, fullPriceCents: 267_300 },
  { vials: 4, perVialCents: 48_900, totalCents: 195_600, fullPriceCents: 356_400 },
  { vials: 5, perVialCents: 47_900, totalCents: 239_500, fullPriceCents: 445_500 },
  { vials: 6, perVialCents: 44_900, totalCents: 269_400, fullPriceCents: 534_600 },
] as const;
export type BulkVialOption = (typeof BULK_VIAL_OPTIONS)[number];
export type BulkVialCount = BulkVialOption['vials'];
/** Spec 02 §5, §9: only 2 to 6 vials have a payment link. */
export const BULK_VIAL_COUNTS = [2, 3, 4, 5, 6] as const satisfies readonly BulkVialCount[];

/** Spec 01 §3; spec 02 §9: bulk treatment short ids. */
export const BULK_TREATMENT_SHORT_IDS = [
  'weightmanagement_bulk',
  'followup_weightmanagement_bulk',
] as const;
/** Spec 02 §4, §9: after a bulk submit the customer counts as not eligible for 5 minutes. */
export const BULK_RESUBMIT_BLOCK_MINUTES = 5;
/** Spec 02 §9: bulk admin fee $49.99 per month. */
export const BULK_ADMIN_FEE_CENTS_PER_MONTH = 4999;
/** Spec 02 §9: vials are 2.5 ml at 5 mg per ml. */
export const BULK_VIAL = { volumeMl: 2.5, concentrationMgPerMl: 5 } as const;
/** Spec 02 §9: delivery up to 3 weeks. */
export const BULK_DELIVERY_MAX_WEEKS = 3;

// ---------------------------------------------------------------------------
// Treatment, subscriptions and money (spec 02 §9)
// ---------------------------------------------------------------------------

/** Spec 02 §9: refill about every 60 days. */
export const REFILL_INTERVAL_DAYS = 60;
/** Spec 02 §9: follow-up form and telehealth visit every 6 months. */
export const FOLLOW_UP_INTERVAL_MONTHS = 6;
/** Spec 02 §9: lite program, compounded semaglutide 10 units (0.25 mg) per week. */
export const LITE_PROGRAM_WEEKLY_DOSE = { units: 10, mg: 0.25 } as const;

/** Spec 02 §9: contract durations offered (1 = month-to-month). */
export const CONTRACT_LENGTHS_MONTHS = [1, 3, 6, 12] as const;
export type ContractLengthMonths = (typeof CONTRACT_LENGTHS_MONTHS)[number];
/** Spec 02 §9: an item price id containing this marks an upfront payment plan. */
export const UPFRONT_ITEM_PRICE_MARKER = 'upfront';
/** Spec 02 §9: add-on names. */
export const ADDON_NAMES = ['high dose', 'extra meds', 'tirzepatide', 'clomid', 'hrt-trt'] as const;
export type AddonName = (typeof ADDON_NAMES)[number];

/** Spec 02 §7, §9: invoices limit 50. */
export const INVOICES_LIMIT = 50;
/** Spec 02 §9: money is shown in US dollars with two decimals. */
export const CURRENCY = 'USD';

/** Spec 02 §1, §9: $50 credit per referral. */
export const REFERRAL_CREDIT_CENTS = 5000;
/** Spec 02 §9: credits are capped at 50% of a monthly bill; the excess spreads over invoices. */
export const REFERRAL_CREDIT_CAP_PERCENT = 50;

// ---------------------------------------------------------------------------
// Shipping, labs, identity (spec 01 §7; spec 02 §2, §3, §9)
// ---------------------------------------------------------------------------

/** Spec 02 §2, §9: the tracker shows only for prescriptions created on or after this date. */
export const SHIPPING_TRACKER_MIN_CREATED_DATE = '2024-05-15';
/** Spec 01 §9; spec 02 §3, §9: carrier ids with tracking links. */
export const CARRIERS = ['ups', 'fedex', 'usps'] as const;
export type Carrier = (typeof CARRIERS)[number];
/** Spec 02 §3, §7, §9: lab documents are filtered on this category. */
export const LAB_DOCUMENT_CATEGORY = 'LabResult';

/** RFC 8693 token type URNs at /connect/token (spec 01 §7). Here, not beside the
 * identity routes' schemas, so the web entry can read it without loading zod (issue 16). */
export const TOKEN_TYPES = {
  idToken: 'urn:ietf:params:oauth:token-type:id_token',
  jwt: 'urn:ietf:params:oauth:token-type:jwt',
  accessToken: 'urn:ietf:params:oauth:token-type:access_token',
} as const;

/** Spec 01 §7: token exchange (RFC 8693) parameters at /connect/token. */
export const TOKEN_EXCHANGE = {
  grantType: 'urn:ietf:params:oauth:grant-type:token-exchange',
  clientId: 'customer-portal',
  scope: 'graphql',
} as const;

/**
 * The provider's external pages (spec 02 §2 "External links"): treatments, terms, bulk terms,
 * privacy policy, notice of privacy practices, ADA page. Each deployment sets them (LINK_*_URL,
 * served in /config.json; issue 44); these example.com placeholders stand in outside production
 * (the server's defaults, and the web app's until /config.json answers).
 */
export const PLACEHOLDER_EXTERNAL_LINKS = {
  treatments: 'https://example.com/treatments',
  terms: 'https://example.com/terms',
  bulkTerms: 'https://example.com/bulk-terms',
  privacy: 'https://example.com/privacy',
  privacyPractices: 'https://example.com/privacy-practices',
  accessibility: 'https://example.com/accessibility',
} as const;
export type ExternalLinks = Record<keyof typeof PLACEHOLDER_EXTERNAL_LINKS, string>;
