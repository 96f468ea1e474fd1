// The hand-written part of the catalogue error-codes.int.test.ts runs: failing requests that need
// a fixture, an earlier step or a particular value to reach their code. A generator, so a case
// can use what an earlier one kept (an id, a quote, a signed URL); set-up steps are recorded too.

import { signWebhook } from './platform/gateway/webhook-signing';

type Customer = 'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'noCustomer' | 'aliceIdToken';
/** Who sends it: no token, a bad one, a customer (access or ID token), the care team. */
export type Who = 'none' | 'garbage' | 'staff' | 'apiKey' | Customer;
type Args = Record<string, unknown>;
/** `keep`: values for later cases, name → dot path in the answer's data (or JSON body). */
type Common = { label: string; who: Who; keep?: Record<string, string> };
/** A root field called with `args` as its variables, or a whole document (`raw`). */
export type GraphQLCase = Common & { field?: string; raw?: string; args?: Args; select?: string };
/** `route`: 'METHOD /path?query'; the body goes as JSON unless `form` or `raw` is given;
 * `repeat`: sent that many times before the recorded one (rate limits). */
export type RestCase = Common & { route: string; body?: unknown; repeat?: number } & {
  form?: Record<string, string>;
  raw?: { payload: string | Buffer; type: string };
  headers?: Record<string, string>;
};
/** `advanceMs`: a step that moves the server clock (tokens expire); not recorded. */
export type Case = GraphQLCase | RestCase | { advanceMs: number };

export type Person = Record<'customerId' | 'email' | 'subscriptionId' | 'addressId', string>;
type Ids = 'provider' | 'otherProvider' | 'treatment' | 'cancelledPlan';
type Visits = 'aliceVisit' | 'aliceCancelledVisit' | 'bobVisit';
export interface Fixtures {
  people: Record<'alice' | 'bob' | 'carol' | 'dave', Person>;
  /** otherProvider sees no treatment; cancelledPlan is alice's; the visits are appointments. */
  ids: Record<Ids | Visits, string>;
  emails: Record<'unverified' | 'disabled' | 'staff', string>;
  /** What cases kept, by name. */
  saved: Record<string, string>;
  /** The gateway's webhook signature header of a body at a unix time (seconds). */
  signWebhook: (body: string, unixSeconds: number) => string;
  nowSeconds: number;
}

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';
export const CARRIER_SECRET = 'error-codes-carrier-secret';
const [PASSWORD, WRONG] = ['Secret123', 'Wrong1234'];
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();
/** The clock stands at Tuesday 2026-03-10 18:00Z; providers see Mon–Sat 8–17 in LA (UTC−7). */
export const SLOTS = { thursday: at(12, 16), friday: at(13, 17), monday: at(16, 16) };
const MORE_SLOTS = { sunday: at(15, 17), tuesday: at(17, 16), outside: at(42, 16) };
const plus30 = (iso: string) => new Date(Date.parse(iso) + 1_800_000).toISOString();
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF64 = Buffer.from('%PDF-1.4\n%error-codes\n').toString('base64');
const NAME = { firstName: 'Ann', lastName: 'Lee', city: 'Austin', streetAddress1: '1 Main St' };
const ADDRESS = { ...NAME, stateCode: 'TX', zipCode: '78701' };

/** GraphQL cases of one caller: 'rootField / label' → arguments. */
function* gq(who: Who, cases: Record<string, Args>): Generator<GraphQLCase> {
  for (const [key, args] of Object.entries(cases)) {
    const [field = '', label = ''] = key.split(' / ');
    yield { label, who, field, args };
  }
}
/** One GraphQL case that keeps values of its answer for later cases. */
const kept = (who: Who, field: string, args: Args, select: string, keep: Record<string, string>) =>
  ({ label: `keeps ${Object.keys(keep).join(', ')}`, who, field, args, select, keep }) as const;
type Rest = [route: string, body?: unknown, more?: Partial<RestCase>];
/** REST cases of one caller: label → [route, body, more]. */
function* rs(who: Who, cases: Record<string, Rest>): Generator<RestCase> {
  for (const [label, [route, body, more]] of Object.entries(cases)) {
    yield { label, who, route, body, ...more };
  }
}
const raw = (payload: string | Buffer, type: string) => ({ raw: { payload, type } });
const pathOf = (url = '/') => ((u: URL) => `${u.pathname}${u.search}`)(new URL(url, 'http://x'));
const badSignature = (route: string) => route.replace(/signature=[^&]+/, 'signature=AAAA');

// A table, one case per line: Prettier would break each into several.
// prettier-ignore
export function* handWrittenCases(f: Fixtures): Generator<Case, void, void> {
  const { people: { alice, bob, carol, dave }, ids, saved, emails } = f;
  const [me, wm, T] = [alice.customerId, 'weightmanagement', { ...SLOTS, ...MORE_SLOTS }];
  const book = (start: string, more: Args = {}) => ({ providerId: ids.provider, treatmentShortId: wm, start, end: plus30(start), ...more });
  const move = (appointmentId: string, start: string, more: Args = {}) => ({ ...book(start), appointmentId, treatmentShortId: undefined, ...more });
  const slots = { state: 'TX', treatmentId: ids.treatment, startTime: T.thursday };
  const [S, R] = ['scheduleAdhocAppointmentV2', 'rescheduleAppointmentV2'];
  yield* gq('alice', {
    [`${S} / unknown treatment`]: book(T.thursday, { treatmentShortId: 'no_such' }),
    [`${S} / outside the booking window`]: book(T.outside),
    [`${S} / unknown follow-up`]: book(T.thursday, { followUpId: UNKNOWN }),
    [`${S} / bob's subscription`]: book(T.thursday, { subscriptionId: bob.subscriptionId }),
    [`${S} / a Sunday, off the schedule`]: book(T.sunday),
    [`${S} / blocked by an upcoming visit`]: book(T.thursday),
    [`${S} / end not after start`]: book(T.thursday, { end: T.thursday }),
    [`${R} / bob's appointment`]: move(ids.bobVisit, T.tuesday),
    [`${R} / a cancelled appointment`]: move(ids.aliceCancelledVisit, T.tuesday),
    [`${R} / outside the window`]: move(ids.aliceVisit, T.outside),
    [`${R} / onto bob's visit`]: move(ids.aliceVisit, T.monday),
    [`${R} / end before start`]: move(ids.aliceVisit, T.tuesday, { end: T.monday }),
    'updateRescheduleById / not SCHEDULED': { id: UNKNOWN, status: 'X' },
    'createAsyncAppointment / provider does not see it': { providerId: ids.otherProvider, treatmentId: ids.treatment },
    'availableSlots / unknown treatment': { ...slots, treatmentId: UNKNOWN },
    'availableSlots / startTime not an instant': { ...slots, startTime: '2026-13-01T00:00Z' },
    'availabilitySummary / unknown time zone': { ...slots, timeZone: 'Mars/Olympus' },
    'availableAdhocSlots / unknown treatment': { where: { state: 'TX', treatmentShortId: 'x' } },
  });
  yield* gq('carol', { [`${S} / a slot bob holds`]: book(T.monday) });
  yield* gq('erin', { [`${S} / no active treatment`]: book(T.thursday) });

  // Billing: quotes, changes, cards, addresses, cancellation.
  const quote = (more: Args = {}) => ({ existingSubscriptionId: alice.subscriptionId, newSubscriptionPlanType: wm, newContractLength: 3, ...more });
  const [Q, C, P, B] = ['subscriptionPriceChangeQuote', 'changeCustomerSubscription', 'replacePaymentSource', 'updateBillingAddress'];
  yield* gq('alice', {
    [`${Q} / bob's subscription`]: quote({ existingSubscriptionId: bob.subscriptionId }),
    [`${Q} / unknown treatment`]: quote({ newSubscriptionPlanType: 'no_such_plan' }),
    [`${Q} / one month upfront`]: quote({ newContractLength: 1, isUpfrontPayment: true }),
    [`${Q} / add-on not offered`]: quote({ newAddons: ['no-such-addon'] }),
    [`${Q} / a cancelled plan`]: quote({ existingSubscriptionId: ids.cancelledPlan }),
  });
  yield kept('alice', Q, quote(), '{ id signature }', { id: `${Q}.id`, sig: `${Q}.signature` });
  const signed = { ...quote(), quoteId: saved.id, quoteSignature: saved.sig };
  yield* gq('alice', {
    [`${C} / tampered signature`]: { ...signed, quoteSignature: 'tampered' },
    [`${C} / request changed after the quote`]: { ...signed, newContractLength: 6 },
    [`${C} / another quote id`]: { ...signed, quoteId: UNKNOWN },
    [`${C} / no payment method`]: signed,
  });
  const card = (cardNumber: string, more: Args = {}) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123', ...more });
  const [TOKENS, keep] = ['POST /gateway/sandbox/tokens', (name: string) => ({ keep: { [name]: 'token' } })];
  yield* rs('none', {
    'card declining charges': [TOKENS, card('4000000000000341'), keep('chargeDeclined')],
    'card declined at verification': [TOKENS, card('4000000000000002'), keep('declined')],
    'good card': [TOKENS, card('4242424242424242'), keep('good')],
    'another good card': [TOKENS, card('4242424242424242'), keep('bobToken')],
    'bad card number': [TOKENS, card('4242424242424241')],
    'expired, short cvc': [TOKENS, card('4242424242424242', { expYear: 2020, cvc: '1' })],
  });
  const address = { ...ADDRESS, paymentSourceId: UNKNOWN };
  yield* gq('alice', {
    [`${P} / declined card`]: { paymentToken: saved.declined },
    [`${P} / unknown old source`]: { paymentToken: saved.good, oldPaymentSourceId: UNKNOWN },
    [`${P} / unknown token`]: { paymentToken: 'tok_nope' },
    [`${B} / PO Box`]: { ...address, streetAddress1: 'PO Box 12' },
    [`${B} / unsupported state, bad ZIP`]: { ...address, stateCode: 'ZZ', zipCode: '1' },
    'invoicePdfUrl / unknown invoice': { invoiceId: UNKNOWN },
  });
  yield kept('bob', P, { paymentToken: saved.bobToken }, '{ newPaymentSourceId }', { bobCard: `${P}.newPaymentSourceId` });
  yield* gq('alice', { [`${B} / bob's card`]: { ...address, paymentSourceId: saved.bobCard } });
  yield* gq('dave', { [`${P} / a card that declines charges`]: { paymentToken: saved.chargeDeclined } });
  const daves = quote({ existingSubscriptionId: dave.subscriptionId });
  yield kept('dave', Q, daves, '{ id signature }', { dId: `${Q}.id`, dSig: `${Q}.signature` });
  yield* gq('dave', { [`${C} / charge declined`]: { ...daves, quoteId: saved.dId, quoteSignature: saved.dSig } });
  const cancel = (subscriptionId: string, reason = 'too_expensive') => ({ subscriptionId, reason });
  yield* gq('bob', {
    'cancelSubscription / unknown reason': cancel(bob.subscriptionId, 'bored'),
    'cancelSubscription / cancels': cancel(bob.subscriptionId),
    'cancelSubscription / cancels again': cancel(bob.subscriptionId),
  });
  yield* gq('alice', {
    "cancelSubscription / bob's plan": cancel(bob.subscriptionId),
    'cancelSubscription / a cancelled plan': cancel(ids.cancelledPlan),
    'submitBulkOrder / flag off': { vialCount: 3 },
    'createReferral / program off': { refereeEmail: 'friend@example.com' },
  });

  // Bulk orders (the flag, the 5-minute block, paying for actions) and referrals.
  const action = (customerId: string, vials: number, status: string, name: string): Rest =>
    [`POST /staff/customers/${customerId}/actions`, { typeCode: 'bulk_order_charge', status, metadata: { vial_count: vials } }, { keep: { [name]: 'id' } }];
  yield* rs('apiKey', {
    'bulk ordering on': ['PUT /staff/flags/bulk_ordering', { enabled: true }],
    'referral program on': ['PUT /staff/flags/referral_program', { enabled: true }],
    "bob's pending action": action(bob.customerId, 3, 'pending', 'bobAction'),
    'nine vials': action(me, 9, 'pending', 'nineVials'),
    'complete action': action(me, 3, 'complete', 'doneAction'),
    'pending action': action(me, 4, 'pending', 'pendingAction'),
  });
  const [PB, PL] = ['purchaseBulkWithChargebee', 'bulkPayLaterLink'];
  yield* gq('alice', {
    'submitBulkOrder / first order': { vialCount: 3 },
    'submitBulkOrder / again within 5 minutes': { vialCount: 3 },
    'submitBulkOrder / seven vials': { vialCount: 7 },
    [`${PB} / bob's action`]: { customerActionId: saved.bobAction },
    [`${PB} / nine vials`]: { customerActionId: saved.nineVials },
    [`${PB} / a completed action`]: { customerActionId: saved.doneAction },
    [`${PB} / no card`]: { customerActionId: saved.pendingAction },
    [`${PL} / a completed action`]: { customerActionId: saved.doneAction },
    [`${PL} / bob's action`]: { customerActionId: saved.bobAction },
    'createBulkSubscription / not a bulk treatment': { treatmentShortId: wm },
    'createReferral / own email': { refereeEmail: alice.email },
    'createReferral / not an email': { refereeEmail: 'not-an-email' },
    'createReferral / first invitation': { refereeEmail: 'friend@example.com' },
    'createReferral / invited already': { refereeEmail: 'FRIEND@example.com' },
  });

  // Weight tracking, account and preferences.
  const weight = (type: string, value: number, more: Args = {}) => ({ customerId: me, recorded_at: '2026-03-09', type, unit: 'hundredthsOfAPound', value, ...more });
  const mine = { ...ADDRESS, addressId: alice.addressId };
  const [M, A, N] = ['InsertCustomerMeasurement', 'updateShippingAddress', 'updateNotificationPreference'];
  const california = { stateCode: 'CA', zipCode: '94105' };
  yield* gq('alice', {
    [`${M} / first starting weight`]: weight('starting_weight', 20_000),
    [`${M} / starting weight again`]: weight('starting_weight', 21_000),
    [`${M} / weight out of range`]: weight('weight', 10),
    [`${M} / wrong unit`]: weight('weight', 18_000, { unit: 'inches' }),
    [`${M} / unknown type`]: weight('mood', 18_000),
    [`${M} / date not in the calendar`]: weight('weight', 18_000, { recorded_at: '2026-02-30' }),
    'InsertCustomerMeasurements / no entries': { customerId: me, objects: [] },
    'importWeightData / not weight data': { weightData: 'garbage;more' },
    'InsertMeasurementChangeForm / weight out of range': { customerId: me, startingWeight: 5 },
    'updatePhone / too short': { customerId: me, phone: '123' },
    'updateGender / unknown pronouns': { customerId: me, gender: 'robot' },
    [`${A} / another state, orders in process`]: { ...mine, ...california },
    [`${A} / PO Box`]: { ...mine, streetAddress1: 'P.O. Box 9' },
    [`${A} / bob's address`]: { ...mine, addressId: bob.addressId },
    [`${A} / unsupported state`]: { ...mine, stateCode: 'ZZ' },
    [`${A} / no name, bad ZIP`]: { ...mine, firstName: '', zipCode: 'abcde' },
    [`${N} / transactional off`]: { category: 'Transactional', channel: 'email', enabled: false },
    [`${N} / unknown channel`]: { category: 'Marketing', channel: 'pigeon', enabled: false },
    'upsertTosConsentAndMarketingPreference / terms declined': { customerId: me, tosStatus: 'declined', marketingContentStatus: 'subscribed' },
    'providersByUserIds / 101 ids': { userIds: Array<string>(101).fill(UNKNOWN) },
  });
  yield* gq('carol', { [`${A} / another state, several plans`]: { ...ADDRESS, addressId: carol.addressId, ...california } });
  yield kept('bob', M, weight('weight', 18_000, { customerId: bob.customerId }), '{ data { id } }', { bobWeight: `${M}.data.0.id` });
  yield* gq('alice', {
    "updateWeightMeasurement / bob's entry": { id: saved.bobWeight, newWeight: 18_100 },
    'updateWeightMeasurement / weight out of range': { id: UNKNOWN, newWeight: 10 },
  });

  // Other customers' notifications, messages and forms; the forms' own refusals.
  const forBob = (what: string) => `POST /staff/customers/${bob.customerId}/${what}`;
  yield* rs('apiKey', {
    'a notice for bob': [forBob('notifications'), { type: 'x', title: 'x' }, { keep: { notice: 'id' } }],
    'a message for bob': [forBob('messages'), { type: 't', html: 'hi' }, { keep: { message: 'id' } }],
  });
  const UP = 'UpsertIntakeForm';
  const answers = ['nausea', 'vomiting', 'abdominal-pain', 'other'].map((linkId) => ({ linkId, valueBoolean: false }));
  const checkIn = { form_short_id: 'side-effect-check-in', page: 'symptoms', answers };
  yield kept('bob', UP, checkIn, '{ data { id } }', { bobForm: `${UP}.data.id` });
  yield* gq('alice', {
    "updateCustomerNotificationStatus / bob's": { id: saved.notice, newStatus: 'read' },
    "updateProviderMessageRead / bob's": { messageId: saved.message },
    "UpdateExistingForm / bob's form": { id: saved.bobForm, answers: [] },
    "intakeForm / bob's form": { id: saved.bobForm },
    "RemoveDocument / bob's form": { form_id: saved.bobForm, link_id: 'x' },
    [`${UP} / bob's appointment`]: { ...checkIn, form_short_id: 'wm-intake', appointment_id: ids.bobVisit },
    [`${UP} / unknown page`]: { ...checkIn, page: 'no-such-page' },
    [`${UP} / wrong answer type`]: { ...checkIn, answers: [{ linkId: 'nausea', valueCoding: 'x' }] },
    'getTypeformByShortId / bad short id': { short_id: 'Bad Id!' },
    'UploadIdVerificationImage / unknown document': { document_id: UNKNOWN, side: 'front' },
  });
  yield kept('alice', UP, checkIn, '{ data { id } }', { aliceForm: `${UP}.data.id` });
  const [document, form] = [{ document_id: UNKNOWN, form_id: saved.aliceForm, link_id: 'other' }, { id: saved.aliceForm, answers: [] }];
  yield* gq('alice', {
    'InsertDocument / unknown document': document,
    'RemoveDocument / not an attachment question': { ...document, document_id: undefined },
    'UpdateExistingForm / submits it': { ...form, complete: true },
    'UpdateExistingForm / a submitted form': form,
    'InsertDocument / a submitted form': document,
  });

  // Files: signed URLs, then the signed routes (uploads, downloads, invoices, unsubscribe links).
  const [U, D] = ['signedUploadUrl', 'signedDownloadUrl'];
  const attachment = (fileName: string) => ({ category: 'FormAttachment', fileName });
  yield* gq('alice', {
    [`${D} / no such file`]: { category: 'LabResult', fileName: 'x.pdf' },
    'signedDownloadUrlFromUri / no such file': { uri: 'documents/LabResult/nope.pdf' },
    [`${U} / a path as name`]: attachment('../../etc/passwd'),
  });
  yield kept('alice', U, attachment('a.png'), '{ uploadUrl }', { upload: `${U}.uploadUrl` });
  const [upload, png] = [`PUT ${pathOf(saved.upload)}`, raw(PNG, 'image/png')];
  yield* rs('none', {
    'text, not an image': [upload, undefined, raw('hello', 'text/plain')],
    'an image': [upload, undefined, png],
    'the same name again': [upload, undefined, png],
    'upload, bad signature': [badSignature(upload), undefined, png],
  });
  yield kept('alice', D, attachment('a.png'), '{ downloadUrl }', { download: `${D}.downloadUrl` });
  const [download, invoice] = [`GET ${pathOf(saved.download)}`, `GET /billing/invoices/${UNKNOWN}`];
  yield* rs('none', {
    'download, bad signature': [badSignature(download)],
    'download, bob named': [download.replace(/customer=[^&]+/, `customer=${bob.customerId}`)],
    'invoice, bad signature': [`${invoice}/invoice.pdf?customer=${me}&expires=1&signature=A`],
    'invoice, unknown document': [`${invoice}/other.pdf`],
    'unsubscribe, bad signature': ['POST /unsubscribe/Marketing/email?signature=A', undefined, raw('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')],
  });

  // The gateway: its webhook (signed bodies) and its sandbox pages.
  const event = JSON.stringify({ id: 'evt_1', type: 'checkout.completed', data: { checkoutId: 'cs_nope', clientReference: UNKNOWN, amountCents: 100 } });
  const hook = (body: string, signature?: string): Rest =>
    ['POST /webhooks/gateway', undefined, { ...raw(body, 'application/json'), headers: signature ? { 'gateway-signature': signature } : {} }];
  const [now, sign] = [f.nowSeconds, f.signWebhook];
  yield* rs('none', {
    'no signature': hook(event),
    'malformed signature': hook(event, 'garbage'),
    'signature of another body': hook(event, sign(`${event} `, now)),
    'stale signature': hook(event, sign(event, now - 3600)),
    'signed, not an event': hook('{}', sign('{}', now)),
    'signed, unknown checkout': hook(event, sign(event, now)),
    'unknown checkout page': ['GET /gateway/sandbox/checkout/cs_nope12345'],
  });

  // Identity, the token exchange, the staff sign-in.
  const signIn = (email: string, password = PASSWORD) => ({ email, password });
  const [SIGN_IN, RESET, REAUTH] = ['POST /identity/sign-in', 'POST /identity/password-reset/confirm', 'POST /identity/reauthenticate'];
  yield* rs('none', {
    'wrong password': [SIGN_IN, signIn(alice.email, WRONG)],
    'unknown email': [SIGN_IN, signIn('nobody@example.com')],
    'unverified email': [SIGN_IN, signIn(emails.unverified)],
    'disabled account': [SIGN_IN, signIn(emails.disabled)],
    'bad body': [SIGN_IN, { email: 'not-an-email', password: '' }],
    'past the limit': [SIGN_IN, signIn('limited@example.com', WRONG), { repeat: 10 }],
    'unknown refresh token': ['POST /identity/refresh', { refreshToken: 'garbage' }],
    'email in use': ['POST /user/create', { email: alice.email, tenantId: 'portal' }],
    'unknown tenant': ['POST /user/create', { email: 'new@example.com', tenantId: 'other' }],
    'reset verify, unknown code': ['POST /identity/password-reset/verify', { code: 'nope' }],
    'reset, unknown code': [RESET, { code: 'n', password: 'An0ther123' }],
    'reset, common password': [RESET, { code: 'n', password: 'password' }],
    'verify email, unknown code': ['POST /identity/email-verification/confirm', { code: 'x' }],
    'staff, wrong password': ['POST /staff/token', signIn(emails.staff, WRONG)],
    "staff, a customer's credentials": ['POST /staff/token', signIn(alice.email)],
    'staff reset, unknown code': ['POST /staff/password-reset/confirm', { code: 'n', password: 'x' }],
    'staff enrol, bad challenge': ['POST /staff/token/enroll', { challenge: 'garbage', code: '123456' }],
    'staff verify, bad challenge': ['POST /staff/token/verify', { challenge: 'garbage', code: '123456' }],
    'staff verify, not a code': ['POST /staff/token/verify', { challenge: 'garbage', code: 'abc' }],
  });
  yield* rs('garbage', { 'reauthenticate, bad ID token': [REAUTH, {}] });
  yield* rs('alice', { 'reauthenticate, access token': [REAUTH, {}] });
  const [EMAIL, DELETE, ofBob] = ['POST /identity/email/update', 'POST /identity/account/delete', { customerId: bob.customerId }];
  const [email, remove] = [{ customerId: me, newEmail: 'ann@example.com', oobCode: '000000' }, { customerId: me, password: WRONG, reason: 'privacy' }];
  yield* rs('aliceIdToken', {
    'reauthenticate, wrong password': [REAUTH, { password: WRONG }],
    'new password too short': ['POST /identity/password/update', { newPassword: 'short' }],
    'wrong current password': ['POST /identity/password/change', { currentPassword: WRONG, newPassword: 'An0ther123' }],
    'email update, wrong code': [EMAIL, email],
    "email update, bob's customerId": [EMAIL, { ...email, ...ofBob }],
    'delete, wrong password': [DELETE, remove],
    "delete, bob's customerId": [DELETE, { ...remove, ...ofBob, password: PASSWORD }],
  });
  const exchange = { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', client_id: 'customer-portal', subject_token: 'x.y.z' };
  const token = (more: Record<string, string>): Rest => ['POST /connect/token', undefined, { form: { ...exchange, ...more } }];
  yield* rs('none', {
    'bad subject token': token({}),
    'password grant': token({ grant_type: 'password' }),
    'unknown client': token({ client_id: 'other' }),
    'admin scope': token({ scope: 'admin' }),
  });

  // Staff routes past the staff check; the carrier webhook's own secret.
  const visit = { ...book(T.tuesday), treatmentShortId: wm };
  const plan = { treatmentShortId: wm, newContractLength: 3 };
  const kit = { catalogName: 'Sema', kitName: 'Kit', directions: 'Weekly', quantity: 1, form: 'vial' };
  const rx = { kits: [kit], shipment: { carrier: 'ups', trackingNumber: '1ZERRORCODES' } };
  const pdf = { fileName: 'result.pdf', contentBase64: PDF64, orderedAt: T.monday };
  const [RX, ID] = [`/staff/prescriptions/${UNKNOWN}`, `/staff/id-verifications/${UNKNOWN}`];
  yield* rs('staff', {
    'books a visit': [forBob('appointments'), visit],
    'the same provider and start again': [forBob('appointments'), visit],
    'visit, unknown provider': [forBob('appointments'), { ...visit, providerId: UNKNOWN }],
    'visit, unknown treatment': [forBob('appointments'), { ...visit, treatmentShortId: 'x' }],
    'plan, unknown treatment': [forBob('subscriptions'), { treatmentShortId: 'nope' }],
    'billed plan, declined card': [forBob('billed-plans'), { ...plan, paymentToken: saved.declined }],
    'billed plan, unknown treatment': [forBob('billed-plans'), { ...plan, treatmentShortId: 'x' }],
    'writes a prescription': [forBob('prescriptions'), rx],
    'tracking number taken': [forBob('prescriptions'), rx],
    'rx, unknown provider': [forBob('prescriptions'), { kits: [kit], providerId: UNKNOWN }],
    'attaches a lab result': [forBob('lab-results'), pdf],
    'lab result, same file name': [forBob('lab-results'), pdf],
    'lab result, not a PDF': [forBob('lab-results'), { ...pdf, contentBase64: 'aGVsbG8=' }],
    'bulk approval, nine vials': [forBob('bulk-orders/approve'), { vialCount: 9 }],
    'first invoice, no referral': [forBob('referral-first-invoice'), {}],
    'javascript: action': [forBob('notifications'), { type: 'dl', title: 'x', action: { label: 'Go', url: 'javascript:x' } }],
    'rx status, unknown': [`PUT ${RX}/status`, { status: 'delivered' }],
    'shipment, unknown rx': [`POST ${RX}/shipments`, { carrier: 'ups' }],
    'events, unknown shipment': [`POST /staff/shipments/${UNKNOWN}/events`, { events: [{ status: 'x', occurredAt: T.monday }] }],
    'weight decision, unknown': [`POST /staff/measurement-change-forms/${UNKNOWN}/decision`, { decision: 'approved' }],
    'ID check, reject without reason': [`POST ${ID}/decision`, { decision: 'reject' }],
    'ID check, unknown': [`POST ${ID}/decision`, { decision: 'approve' }],
    'ID checks, unknown status': ['GET /staff/id-verifications?status=lost'],
    'unknown flag': ['PUT /staff/flags/no_such_flag', { enabled: true }],
    'flag, unknown customer': ['PUT /staff/flags/spanish', { customerId: UNKNOWN, enabled: true }],
    'duplicate modules': ['PUT /staff/sdui-modules/home', { modules: ['orders', 'orders'] }],
  });
  // The carrier webhook: signed over its body with CARRIER_SECRET (issue 45), as the gateway's.
  const carrier = JSON.stringify({ id: 'trk_1', description: 'tracker.updated', result: { tracking_code: 'NOPE', carrier: 'UPS', tracking_details: [] } });
  const carrierHook = (body: string, signature?: string): Rest =>
    ['POST /staff/carrier-webhook', undefined, { ...raw(body, 'application/json'), headers: signature ? { 'carrier-signature': signature } : {} }];
  const signCarrier = (body: string, at: number, key = CARRIER_SECRET) => signWebhook(Buffer.from(key), at, body);
  yield* rs('none', {
    'carrier, no secret': carrierHook(carrier),
    'carrier, wrong secret': carrierHook(carrier, signCarrier(carrier, now, 'wrong-key-wrong-key')),
    'carrier, stale signature': carrierHook(carrier, signCarrier(carrier, now - 3600)),
    'carrier, signed, not an event': carrierHook('{}', signCarrier('{}', now)),
    'carrier, unknown tracker': carrierHook(carrier, signCarrier(carrier, now)),
    'unknown route': ['GET /no/such/route'],
  });

  // Documents that never reach a resolver; tokens that are not customer access tokens.
  const doc = (label: string, raw: string, args?: Args) => ({ label, who: 'alice', raw, args }) as const;
  const byId = 'query ($id: ID!) { customerAction(id: $id) { id } }';
  yield doc('syntax error', '{ customer { id ');
  yield doc('unknown field', '{ noSuchField }');
  yield doc('too many aliases', `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: featureFlags { name }`).join(' ')} }`);
  yield doc('bad enum', 'query ($s: CustomerActionStatus) { customerActions(status: $s) { id } }', { s: 'lost' });
  yield doc('missing variable', byId);
  yield doc('NUL in an argument', byId, { id: 'a\u0000b' });
  yield* gq('staff', { 'featureFlags / a staff token': {} });
  yield* gq('garbage', { 'featureFlags / a garbage token': {} });
  yield* gq('aliceIdToken', { 'featureFlags / an ID token': {} });
  yield { advanceMs: 16 * 60_000 };
  yield* gq('alice', { 'featureFlags / an expired access token': {} });
  yield { advanceMs: -16 * 60_000 };
}
