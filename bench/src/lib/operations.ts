import {
  documentHash,
  loadPersistedDocuments,
  type PersistedDocuments,
} from '../../../apps/server/src/graphql-host/persisted';

// The operations the bench sends. A production server accepts only persisted operations
// (DESIGN.md; graphql/persisted.ts), so portal.ts adds these to the web app's own, as a
// deployment would register a known client's operations.

/** The web app's home-screen query, verbatim. */
export const GET_CUSTOMER_DATA =
  'query GetCustomerData { customer { id short_id full_name first_name last_name preferred_name phone dob email created_at shippingAddresses { id address_type street_address1 city state_code zip_code } tags { name } contracts { id status } subscriptions { id status subscription_items { item_price_id } contract { id end_date } } } }';

/**
 * One of the web app's own operations by name, verbatim from codegen's persisted documents:
 * what the web sends (the booking dialog's GetAvailabilitySummary and GetAvailableSlots).
 */
export function webOperation(name: string): { query: string; hash: string } {
  for (const [hash, query] of loadPersistedDocuments()) {
    if (new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(query)) return { query, hash };
  }
  throw new Error(`the web app has no operation ${name} (run npm run codegen -w apps/web)`);
}

export const AVAILABLE_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime) {
    start end provider { id displayName profileImage virtualVisitLink } treatment { id shortId } } }`;

export const BOOKING_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime) {
    start end provider { id } } }`;

export const SCHEDULE_ADHOC = `mutation ScheduleAdhocAppointmentV2($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!) {
  scheduleAdhocAppointmentV2(providerId: $providerId, treatmentShortId: $treatmentShortId, start: $start, end: $end) {
    statusCode data { id } } }`;

/**
 * The booking dialog's three first answers in one request, as it asked before issue 46 sent
 * the providers beside the strip: for comparison in the same run.
 */
export const AVAILABILITY_ALL_IN_ONE = `query AvailabilityAllInOne($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime, timeZone: $timeZone, firstDay: true) {
    providers { id displayName } days { date label } firstDay { date slots { start end providerId providerName } } } }`;

/** The web app's operations plus the bench's, keyed by hash as the server looks them up. */
export function withBenchOperations(documents: PersistedDocuments): PersistedDocuments {
  const all = new Map(documents);
  for (const query of [
    GET_CUSTOMER_DATA,
    AVAILABLE_SLOTS,
    BOOKING_SLOTS,
    SCHEDULE_ADHOC,
    AVAILABILITY_ALL_IN_ONE,
  ]) {
    all.set(documentHash(query), query);
  }
  return all;
}
