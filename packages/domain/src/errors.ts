// Error catalogue of section 8 of both spec documents. The server puts the code in GraphQL
// `extensions.code`; the web shows `messageKey` from the en/es catalogues and, when the entry
// has a support category, a 'contact' link to the support form prefilled with that category.
//
// Which codes carry a support category: every failure to load, save, download or pay does,
// because the customer cannot fix it alone; so do SA100–SA103, whose text tells the customer
// to contact the care team. Three codes do not, because they describe an expected state the
// screen already explains and offers a next step for: T101 (no slots for the location and
// treatment; the booking screen shows its empty state), BS101 and BS102 (bulk ordered too
// recently or a bulk process already running; the customer is sent home and simply waits).

/** Support form categories a catalogue entry may prefill. */
export const SUPPORT_CATEGORIES = [
  'account',
  'appointments',
  'billing',
  'forms',
  'labs',
  'orders',
  'payment',
  'prescriptions',
  'referrals',
  'shipping',
  'treatment',
  'weight',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

function entry<const C extends string>(code: C, supportCategory: SupportCategory | null) {
  return { code, messageKey: `errors.${code}` as const, supportCategory };
}

export const ERROR_CATALOGUE = {
  // Spec 01 §8 (appointments, account, forms)
  A100: entry('A100', 'appointments'), // cannot load appointments; other reschedule failures
  A101: entry('A101', 'account'), // cannot load the account
  A102: entry('A102', 'appointments'), // booking failed; the time may be unavailable
  A103: entry('A103', 'appointments'), // async appointment, answers or consent not saved
  T100: entry('T100', 'appointments'), // cannot load available times
  T101: entry('T101', null), // no slots for the location and treatment
  F101: entry('F101', 'forms'), // cannot load form
  C108: entry('C108', 'account'), // account information cannot be retrieved (empty)
  // Spec 02 §8 (treatment and money)
  P100: entry('P100', 'prescriptions'), // cannot load prescriptions
  C100: entry('C100', 'account'), // cannot load account settings
  C101: entry('C101', 'account'), // cannot update account settings
  C104: entry('C104', 'account'), // cannot update phone number
  C105: entry('C105', 'labs'), // cannot download lab results
  C106: entry('C106', 'orders'), // cannot load order history
  C107: entry('C107', 'billing'), // cannot download invoice
  C109: entry('C109', 'account'), // cannot update preferred pronouns
  C110: entry('C110', 'billing'), // cancelling subscription; also saving a measurement
  C111: entry('C111', 'weight'), // cannot load weight data
  C112: entry('C112', 'weight'), // cannot import weight data
  B100: entry('B100', 'billing'), // cannot load billing information
  SA100: entry('SA100', 'shipping'), // address change to another state not allowed
  SA101: entry('SA101', 'shipping'), // blocked by multiple subscriptions
  SA102: entry('SA102', 'shipping'), // blocked by treatment type
  SA103: entry('SA103', 'shipping'), // blocked by an order in progress; update failed
  TC101: entry('TC101', 'treatment'), // TC101–TC105: treatment data and change errors
  TC102: entry('TC102', 'treatment'),
  TC103: entry('TC103', 'treatment'),
  TC104: entry('TC104', 'treatment'),
  TC105: entry('TC105', 'treatment'),
  TC106: entry('TC106', 'payment'), // payment information submit error
  TC107: entry('TC107', 'treatment'), // treatment change plan cancelled
  TC108: entry('TC108', 'payment'), // payment processing error on treatment change
  ST100: entry('ST100', 'payment'), // cannot load payment options
  ST101: entry('ST101', 'payment'), // cannot load payment options (second code)
  ST102: entry('ST102', 'payment'), // payment processing failed
  R101: entry('R101', 'referrals'), // cannot load referrals
  R102: entry('R102', 'referrals'), // sending referrals failed
  BS101: entry('BS101', null), // bulk ordered too recently or already in process
  BS102: entry('BS102', null), // recent bulk appointment or already in process
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorEntry = (typeof ERROR_CATALOGUE)[ErrorCode];
export type ErrorMessageKey = ErrorEntry['messageKey'];

/** Spec 01 §8; spec 02 §8: 'An unknown error occurred, please refresh and try again.' */
export const UNKNOWN_ERROR_KEY = 'errors.unknown';

export function isErrorCode(code: string): code is ErrorCode {
  // hasOwn, so that 'toString' and friends are not codes.
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

export function lookupError(code: string): ErrorEntry | undefined {
  return isErrorCode(code) ? ERROR_CATALOGUE[code] : undefined;
}

// ---------------------------------------------------------------------------
// Sign-in and identity (spec 01 §4, §7, §8; spec 02 §8)
// ---------------------------------------------------------------------------

/** Spec 01 §8: sign-in and auth message keys. */
export const AUTH_MESSAGES = {
  verifyNeeded: 'auth.verifyNeeded',
  pleaseDoubleCheck: 'auth.pleaseDoubleCheck',
  emailInvalid: 'auth.emailInvalid',
  passwordRequired: 'auth.passwordRequired',
  /** Google sign-in needs onboarding first. */
  signUpDetails: 'auth.signUpDetails',
  genericError: 'auth.genericError',
  /** 'Incorrect username or password' */
  incorrectCredentials: 'auth.incorrectCredentials',
  emailNotAvailable: 'auth.emailNotAvailable',
  linkExpired: 'auth.linkExpired',
  /** Verification code invalid or expired. */
  codeInvalid: 'auth.codeInvalid',
  /** Too many uses of an email. */
  tooManyAttempts: 'auth.tooManyAttempts',
  emailAlreadyInUse: 'auth.emailAlreadyInUse',
  contactSupport: 'auth.contactSupport',
  /** A new password on the list of common and breached passwords. */
  passwordTooCommon: 'auth.passwordTooCommon',
} as const;
export type AuthMessageKey = (typeof AUTH_MESSAGES)[keyof typeof AUTH_MESSAGES];

/** Codes the identity service returns in `{ error: { code, message } }` bodies. */
export const IDENTITY_ERROR_CODES = [
  'invalid-input',
  'invalid-credentials',
  'email-not-verified',
  'email-already-in-use',
  'contact-support',
  'invalid-code',
  'code-expired',
  'too-many-requests',
  'invalid-token',
  'session-revoked',
  'requires-recent-login',
  'not-found',
  'generic-error',
  'onboarding-required',
  /** A new password on the shipped list of common and breached passwords (ASVS 6.2.4). */
  'password-too-common',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export function isIdentityErrorCode(code: string): code is IdentityErrorCode {
  return (IDENTITY_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The message each identity error shows. Spec 01 §4: a verification-needed result warns;
 * any other sign-in failure asks the customer to double-check. Codes that only the app
 * itself acts on (expired tokens, recent login) fall back to the generic message.
 */
export const IDENTITY_ERROR_MESSAGE_KEYS = {
  'invalid-input': AUTH_MESSAGES.pleaseDoubleCheck,
  'invalid-credentials': AUTH_MESSAGES.incorrectCredentials,
  'email-not-verified': AUTH_MESSAGES.verifyNeeded,
  'email-already-in-use': AUTH_MESSAGES.emailAlreadyInUse,
  'contact-support': AUTH_MESSAGES.contactSupport,
  'invalid-code': AUTH_MESSAGES.codeInvalid,
  'code-expired': AUTH_MESSAGES.linkExpired,
  'too-many-requests': AUTH_MESSAGES.tooManyAttempts,
  'invalid-token': AUTH_MESSAGES.genericError,
  'session-revoked': AUTH_MESSAGES.genericError,
  'requires-recent-login': AUTH_MESSAGES.genericError,
  // An unknown account reads like a wrong password, so sign-in does not reveal who has one.
  'not-found': AUTH_MESSAGES.incorrectCredentials,
  'generic-error': AUTH_MESSAGES.genericError,
  'onboarding-required': AUTH_MESSAGES.signUpDetails,
  'password-too-common': AUTH_MESSAGES.passwordTooCommon,
} as const satisfies Record<IdentityErrorCode, AuthMessageKey>;

/** Spec 01 §4; spec 02 §7: data API answers that trigger one shared token refresh. */
export const GRAPHQL_AUTH_ERROR_CODES = ['invalid-jwt', 'jwtExpired'] as const;
export type GraphQLAuthErrorCode = (typeof GRAPHQL_AUTH_ERROR_CODES)[number];

export function isGraphQLAuthErrorCode(code: unknown): code is GraphQLAuthErrorCode {
  return typeof code === 'string' && (GRAPHQL_AUTH_ERROR_CODES as readonly string[]).includes(code);
}

// ---------------------------------------------------------------------------
// Payments (spec 02 §8)
// ---------------------------------------------------------------------------

/** Spec 02 §8: processor decline reasons, each with its own message. */
export const PAYMENT_DECLINE_REASONS = [
  'invalidCard',
  'addressMismatch',
  'doNotHonor',
  'declined',
  'collectionFailed',
  'expiredCard',
  'notAllowed',
  'lostOrStolen',
  'unsupportedInstrument',
  'insufficientFunds',
] as const;
export type PaymentDeclineReason = (typeof PAYMENT_DECLINE_REASONS)[number];
/** Spec 02 §8: 'An error occured while processing your payment.' for any other reason. */
export const PAYMENT_DEFAULT_MESSAGE_KEY = 'payment.default';

export type PaymentMessageKey =
  `payment.${PaymentDeclineReason}` | typeof PAYMENT_DEFAULT_MESSAGE_KEY;

function isPaymentDeclineReason(reason: string): reason is PaymentDeclineReason {
  return (PAYMENT_DECLINE_REASONS as readonly string[]).includes(reason);
}

export function paymentDeclineMessageKey(reason: string): PaymentMessageKey {
  return isPaymentDeclineReason(reason) ? `payment.${reason}` : PAYMENT_DEFAULT_MESSAGE_KEY;
}
