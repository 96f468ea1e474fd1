// Closed sets of string values the specs name (statuses, types, categories). Each list is the
// single source for its union type, the GraphQL enums and the database check constraints.

// ---------------------------------------------------------------------------
// Access, home, appointments, notifications (spec 01)
// ---------------------------------------------------------------------------

/** Spec 01 §3: auth status. */
export const AUTH_STATUSES = ['checking', 'authenticated', 'signed-out'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

/** Spec 01 §2; spec 02 §2: modes of the /user-action route. */
export const USER_ACTION_MODES = ['idVerification', 'bulkOrderPayment'] as const;
export type UserActionMode = (typeof USER_ACTION_MODES)[number];

/** Spec 01 §2: built-in home module list, the fallback when the server sends none. */
export const DEFAULT_HOME_MODULES = [
  'orders',
  'appointments',
  'weightTracker',
  'foryou',
  'settings',
] as const;
/** Spec 01 §2; spec 02 §2: built-in account module list, the fallback. */
export const DEFAULT_ACCOUNT_MODULES = [
  'my-profile',
  'labs',
  'billing-and-plan',
  'shipping-address',
  'notification-preferences',
  'support-center',
  'privacy',
] as const;

/** Spec 01 §3: appointment requirement types. */
export const REQUIREMENT_TYPES = [
  'typeform_intake',
  'intake',
  'typeform_dl',
  'identification_check',
] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];
/** Spec 01 §3: these mean intake is needed. */
export const INTAKE_REQUIREMENT_TYPES = [
  'typeform_intake',
  'intake',
] as const satisfies readonly RequirementType[];
/** Spec 01 §3: these mean an ID check is needed. */
export const ID_CHECK_REQUIREMENT_TYPES = [
  'typeform_dl',
  'identification_check',
] as const satisfies readonly RequirementType[];

/** Spec 01 §4: appointments in these statuses are left out of the lists. */
export const EXCLUDED_APPOINTMENT_STATUSES = [
  'expired',
  'reserved',
  'cancelled',
  'voided',
] as const;
/**
 * Statuses that give a visit's time back to the provider: the live-slot unique index and the
 * availability search both leave these out. A reserved visit still holds its slot.
 */
export const SLOT_RELEASING_STATUSES = [
  'cancelled',
  'voided',
  'expired',
] as const satisfies readonly (typeof EXCLUDED_APPOINTMENT_STATUSES)[number][];
/** Spec 01 §3, §4: the only status a reschedule is moved to. */
export const RESCHEDULE_STATUS_SCHEDULED = 'SCHEDULED';

/**
 * Spec 01 §3: the notification types the portal acts on, by name; `providerMessage` is ours
 * (the care team's message notice, whose action opens the message).
 */
export const NOTIFICATION_TYPE = {
  paymentDue: 'notice_payment_due_v1',
  weightTrackerInput: 'weight_tracker_input_v1',
  prescriptionSubmitted: 'prescription_submitted_v1',
  regulationBanner: 'banner_regulation_message_v1',
  contractExpire: 'action_required_contract_expire_v1',
  labResult: 'lab_result_received_v1',
  intakeForm: 'henryForms-intake',
  idCheck: 'dl',
  providerMessage: 'provider_message_received_v1',
  /** Spec 02 §4: one for every pending bulk_order_charge action, gone when it is not pending. */
  bulkPayment: 'bulk_order_payment_v1',
} as const;
export const NOTIFICATION_TYPES = Object.values(NOTIFICATION_TYPE);
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/** Spec 01 §3; spec 02 §3: notification statuses. */
export const NOTIFICATION_STATUSES = [
  'action_completed',
  'deleted',
  'read',
  'requires_action',
  'unread',
] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** Spec 01 §7; spec 02 §7: values the customer may set through UpdateCustomerNotificationStatus. */
export const NOTIFICATION_STATUS_UPDATES = ['read', 'completed'] as const;
export type NotificationStatusUpdate = (typeof NOTIFICATION_STATUS_UPDATES)[number];

/** Spec 01 §3; spec 02 §3: customer action statuses and types. */
export const CUSTOMER_ACTION_STATUSES = ['pending', 'complete'] as const;
export type CustomerActionStatus = (typeof CUSTOMER_ACTION_STATUSES)[number];
export const CUSTOMER_ACTION_TYPES = ['bulk_order_charge'] as const;
export type CustomerActionType = (typeof CUSTOMER_ACTION_TYPES)[number];

/** Spec 01 §3; spec 02 §3: consent types. */
export const CONSENT_TYPES = ['TOS'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** Spec 01 §3; spec 02 §3: address types. */
export const ADDRESS_TYPES = ['SHIPPING', 'BILLING'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

// ---------------------------------------------------------------------------
// Treatment and money (spec 02)
// ---------------------------------------------------------------------------

/** Spec 02 §2: pronouns; "not selected" is the absence of a value (null). */
export const PRONOUNS = ['she_her', 'he_him', 'they_them', 'other'] as const;
export type Pronoun = (typeof PRONOUNS)[number];

/** Spec 02 §2: notification preference categories and channels (push is text-only). */
export const NOTIFICATION_PREFERENCE_CATEGORIES = [
  'Marketing',
  'Transactional',
  'WeightTrackerReminderEmailSMS',
] as const;
export type NotificationPreferenceCategory = (typeof NOTIFICATION_PREFERENCE_CATEGORIES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/**
 * Issue 44: the channels the portal actually delivers, and so the columns the preferences grid
 * shows. Web Push is not built, so push stays a stored (harmless) row but is not offered.
 */
export const DELIVERED_NOTIFICATION_CHANNELS = [
  'email',
  'sms',
] as const satisfies readonly NotificationChannel[];

/** Spec 02 §4: prescription statuses. */
export const PRESCRIPTION_STATUSES = [
  'received',
  'inProgress',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
/** Spec 02 §4: further statuses the order snackbar knows. */
export const PRESCRIPTION_SNACKBAR_STATUSES = [
  ...PRESCRIPTION_STATUSES,
  'inTransit',
  'outForDelivery',
  'awaitingPatientPickup',
  'delayed',
] as const;
export type PrescriptionSnackbarStatus = (typeof PRESCRIPTION_SNACKBAR_STATUSES)[number];

/** Spec 02 §2, §4: the four shipping tracker stages, in order. */
export const SHIPMENT_STAGES = ['inProgress', 'shipped', 'outForDelivery', 'delivered'] as const;
export type ShipmentStage = (typeof SHIPMENT_STAGES)[number];

/** Spec 02 §3: measurement types. */
export const MEASUREMENT_TYPES = ['goal_weight', 'height', 'starting_weight', 'weight'] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];

/** Spec 02 §3: referral statuses. */
export const REFERRAL_STATUSES = [
  'coupon_code_generated',
  'created',
  'email_sent',
  'expired',
  'referee_signed_up',
  'referral_invalid',
  'referrer_discount_applied',
  'referrer_discount_received',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Spec 02 §3: subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'non_renewing',
  'future',
  'paused',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec 02 §3: subscription statuses that count as active. */
export const ACTIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'non_renewing',
] as const satisfies readonly SubscriptionStatus[];

/** Spec 02 §3: card brands. */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover', 'JCB', 'Diners'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Spec 02 §4: bulk payment options, card or buy-now-pay-later. */
export const BULK_PAYMENT_OPTIONS = ['cc', 'bnpl'] as const;
export type BulkPaymentOption = (typeof BULK_PAYMENT_OPTIONS)[number];

/** Spec 02 §2: lab list sort orders. */
export const LAB_SORT_ORDERS = ['newest', 'oldest'] as const;
export type LabSortOrder = (typeof LAB_SORT_ORDERS)[number];
