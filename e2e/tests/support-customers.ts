import { expect, type APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './support';
import { customerAccessToken, graphql, json } from './support-api';
import { CareTeam, staffAccessToken, type BilledPlan, type Visit } from './support-care-team';

// Customers of a test's own, made through the real endpoints: the public sign-up (and the
// set-password link from the dev outbox), then the staff API as the demo care team gives
// them an address, an active treatment and visits. Nothing is written to the database behind
// the server's back, so specs that use them run in parallel.

const PASSWORD = 'NewPass123';

export interface Patient {
  email: string;
  password: string;
  customerId: string;
  treatmentId: string;
  treatmentShortId: string;
  /** The provider licensed in the customer's state who sees the treatment. */
  provider: { id: string; displayName: string };
}

/** The first provider the booking search offers the customer for the treatment in their state. */
async function providerFor(
  request: APIRequestContext,
  token: string,
  stateCode: string,
  treatmentId: string,
): Promise<Patient['provider']> {
  const { availableSlots } = await graphql<{
    availableSlots: { provider: Patient['provider'] }[];
  }>(
    request,
    token,
    `
      query ($state: String!, $treatmentId: ID!, $startTime: DateTime!) {
        availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime) {
          provider {
            id
            displayName
          }
        }
      }
    `,
    { state: stateCode, treatmentId, startTime: new Date().toISOString() },
  );
  const provider = availableSlots[0]?.provider;
  expect(provider, `a provider in ${stateCode}`).toBeTruthy();
  return provider!;
}

export interface PatientOptions {
  /** Names the test in the email address. */
  tag: string;
  /**
   * The customer's state. The demo providers each hold some states alone, so tests that book
   * through the screens pick a state of their own and never compete for a provider's slot.
   */
  stateCode: string;
  treatmentShortId?: string;
}

/**
 * A customer of the test's own: signed up through the public sign-up with a password, with a
 * shipping address in `stateCode` and an active plan for the treatment, and the provider the
 * booking search offers them. Visits are booked with `bookVisit`.
 */
export async function createPatient(
  request: APIRequestContext,
  { tag, stateCode, treatmentShortId = 'weightmanagement' }: PatientOptions,
): Promise<Patient> {
  const email = uniqueEmail(tag);
  await createAccount(request, email, PASSWORD);
  const token = await customerAccessToken(request, email, PASSWORD);
  const { customer } = await graphql<{ customer: { id: string } }>(
    request,
    token,
    '{ customer { id } }',
  );
  const care = await CareTeam.signIn(request);
  await care.setShippingAddress(customer.id, stateCode);
  const treatmentId = await care.subscribe(customer.id, treatmentShortId);
  const provider = await providerFor(request, token, stateCode, treatmentId);
  return {
    email,
    password: PASSWORD,
    customerId: customer.id,
    treatmentId,
    treatmentShortId,
    provider,
  };
}

/** The care team books the patient a visit with their provider, `days` from now (negative: past). */
export async function bookVisit(
  request: APIRequestContext,
  patient: Patient,
  {
    days,
    isAsync = false,
    requirements = [],
  }: { days: number; isAsync?: boolean; requirements?: string[] },
): Promise<Visit> {
  const care = await CareTeam.signIn(request);
  return care.book(patient.customerId, {
    providerId: patient.provider.id,
    treatmentShortId: patient.treatmentShortId,
    days,
    isAsync,
    requirements,
  });
}

/** A customer who has just signed up: a password, no address, no plan, no visits. */
export interface Newcomer {
  email: string;
  password: string;
  customerId: string;
}

/** A brand-new customer through the public sign-up and the set-password link, nothing more. */
export async function createNewcomer(request: APIRequestContext, tag: string): Promise<Newcomer> {
  const email = uniqueEmail(tag);
  await createAccount(request, email, PASSWORD);
  const token = await customerAccessToken(request, email, PASSWORD);
  const { customer } = await graphql<{ customer: { id: string } }>(
    request,
    token,
    '{ customer { id } }',
  );
  return { email, password: PASSWORD, customerId: customer.id };
}

/** The care team gives the customer an active plan for the treatment. */
export async function giveTreatment(
  request: APIRequestContext,
  customerId: string,
  treatmentShortId = 'weightmanagement',
): Promise<void> {
  await (await CareTeam.signIn(request)).subscribe(customerId, treatmentShortId);
}

/** The care team raises a notification for the customer (staff API); returns its id. */
export async function raiseNotification(
  request: APIRequestContext,
  customerId: string,
  body: { type: string; title: string; message?: string; severity?: string },
): Promise<string> {
  return (await CareTeam.signIn(request)).notify(customerId, body);
}

/**
 * The care team gives the customer a billed plan from the price list (a contract starting
 * today, nothing charged) and a card: the card is tokenized at the sandbox gateway first, as
 * the browser does, so only the token reaches the staff API.
 */
export async function giveBilledPlan(
  request: APIRequestContext,
  customerId: string,
  {
    treatmentShortId = 'weightmanagement',
    contractLength = 1,
    addons = [],
    cardNumber = '4242424242424242',
  }: {
    treatmentShortId?: string;
    contractLength?: 1 | 3 | 6 | 12;
    addons?: string[];
    cardNumber?: string | null;
  } = {},
): Promise<BilledPlan> {
  const paymentToken = cardNumber
    ? (
        await json<{ token: string }>(
          await request.post('/gateway/sandbox/tokens', {
            data: { cardNumber, expMonth: 12, expYear: 2030, cvc: '123' },
          }),
        )
      ).token
    : undefined;
  const care = await CareTeam.signIn(request);
  return care.giveBilledPlan(customerId, {
    treatmentShortId,
    newContractLength: contractLength,
    newAddons: addons,
    ...(paymentToken ? { paymentToken } : {}),
  });
}

/** An ISO time `days` before now (fractions allowed). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A staff API POST that must succeed; its JSON answer. */
export async function staffPost(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<{ id: string }> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${await staffAccessToken(request)}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

/** The care team writes a prescription of one semaglutide kit, received (staff API). */
export function prescribeSemaglutide(
  request: APIRequestContext,
  customerId: string,
  weeklyDoseMg: number,
  writtenAt: string,
): Promise<{ id: string }> {
  return staffPost(request, `/staff/customers/${customerId}/prescriptions`, {
    treatmentShortId: 'weightmanagement',
    status: 'received',
    notify: false,
    writtenAt,
    kits: [
      {
        catalogName: 'Semaglutide (compounded) 2.5 mg/ml',
        kitName: `Semaglutide ${weeklyDoseMg} mg weekly`,
        directions: `Inject ${weeklyDoseMg} mg under the skin once a week.`,
        quantity: 1,
        strength: '2.5 mg/ml',
        form: 'injectable vial',
        volumeMl: 2.5,
        weeklyDoseMg,
      },
    ],
  });
}
