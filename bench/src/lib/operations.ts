import { documentHash, type PersistedDocuments } from '../../../apps/server/src/graphql/persisted';

// The operations the bench sends. A production server accepts only persisted operations
// (DESIGN.md; graphql/persisted.ts), so portal.ts adds these to the web app's own, as a
// deployment would register a known client's operations.

/** The web app's home-screen query, verbatim. */
export const GET_CUSTOMER_DATA =
  'query GetCustomerData { customer { id short_id full_name first_name last_name preferred_name phone dob email created_at shippingAddresses { id address_type street_address1 city state_code zip_code } tags { name } contracts { id status } subscriptions { id status subscription_items { item_price_id } contract { id end_date } } } }';

export const AVAILABILITY_SUMMARY = `query AvailabilitySummary($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $providerId: ID, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime, providerId: $providerId, timeZone: $timeZone) {
    providers { id displayName profileImage virtualVisitLink } days { date label } } }`;

export const DAY_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $providerId: ID, $distinctStart: Boolean, $day: String, $timeZone: String) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime, providerId: $providerId, distinctStart: $distinctStart, day: $day, timeZone: $timeZone) {
    start end provider { id displayName profileImage virtualVisitLink } treatment { id shortId } } }`;

export const AVAILABLE_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime) {
    start end provider { id displayName profileImage virtualVisitLink } treatment { id shortId } } }`;

export const BOOKING_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime) {
    start end provider { id } } }`;

export const SCHEDULE_ADHOC = `mutation ScheduleAdhocAppointmentV2($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!) {
  scheduleAdhocAppointmentV2(providerId: $providerId, treatmentShortId: $treatmentShortId, start: $start, end: $end) {
    statusCode data { id } } }`;

/** The web app's operations plus the bench's, keyed by hash as the server looks them up. */
export function withBenchOperations(documents: PersistedDocuments): PersistedDocuments {
  const all = new Map(documents);
  for (const query of [
    GET_CUSTOMER_DATA,
    AVAILABILITY_SUMMARY,
    DAY_SLOTS,
    AVAILABLE_SLOTS,
    BOOKING_SLOTS,
    SCHEDULE_ADHOC,
  ]) {
    all.set(documentHash(query), query);
  }
  return all;
}
