import { expect, type APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './support';

// Customers of a test's own, made through the real endpoints: the public sign-up (and the
// set-password link from the dev outbox), then the staff API as the demo care team gives
// them an address, an active treatment and visits. Nothing is written to the database behind
// the server's back, so specs that use them run in parallel.

const STAFF = { email: 'care.team@example.com', password: 'DemoPass1' };
const PASSWORD = 'NewPass123';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Visit {
  id: string;
  start: string;
  end: string;
}

export interface Patient {
  email: string;
  password: string;
  customerId: string;
  treatmentId: string;
  treatmentShortId: string;
  /** The provider licensed in the customer's state who sees the treatment. */
  provider: { id: string; displayName: string };
}

interface Failure {
  error?: { code?: string };
}

async function json<T>(response: {
  ok(): boolean;
  status(): number;
  url(): string;
  json(): Promise<unknown>;
}): Promise<T> {
  const body = await response.json();
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return body as T;
}

/** Signs a customer in through the identity routes and exchanges the ID token, as the app does. */
export async function customerAccessToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const { idToken } = await json<{ idToken: string }>(
    await request.post('/identity/sign-in', { data: { email, password } }),
  );
  const { access_token } = await json<{ access_token: string }>(
    await request.post('/connect/token', {
      form: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: 'customer-portal',
        scope: 'graphql',
        subject_token: idToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      },
    }),
  );
  return access_token;
}

export async function graphql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await json<{ data?: T; errors?: unknown[] }>(
    await request.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: { query, variables },
    }),
  );
  expect(body.errors, query).toBeUndefined();
  return body.data as T;
}

let staffToken: string | undefined;

/** The care team's staff API, signed in as the demo staff account. */
class CareTeam {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Signs in once per worker: the token lasts an hour and /staff/token is rate limited. */
  static async signIn(request: APIRequestContext): Promise<CareTeam> {
    if (!staffToken) {
      const { access_token } = await json<{ access_token: string }>(
        await request.post('/staff/token', { data: STAFF }),
      );
      staffToken = access_token;
    }
    return new CareTeam(request, staffToken);
  }

  private send(method: 'post' | 'put', path: string, data: unknown) {
    return this.request[method](path, {
      headers: { authorization: `Bearer ${this.token}` },
      data,
    });
  }

  async setShippingAddress(customerId: string, stateCode: string): Promise<void> {
    await json(
      await this.send('put', `/staff/customers/${customerId}/shipping-address`, {
        streetAddress1: '100 Test Way',
        city: 'Testville',
        stateCode,
        zipCode: '10001',
      }),
    );
  }

  async giveBilledPlan(customerId: string, body: Record<string, unknown>): Promise<BilledPlan> {
    return json<BilledPlan>(
      await this.send('post', `/staff/customers/${customerId}/billed-plans`, body),
    );
  }

  async notify(customerId: string, body: Record<string, unknown>): Promise<string> {
    const { id } = await json<{ id: string }>(
      await this.send('post', `/staff/customers/${customerId}/notifications`, body),
    );
    return id;
  }

  async requestIdCheck(customerId: string): Promise<string> {
    const { id } = await json<{ id: string }>(
      await this.send('post', `/staff/customers/${customerId}/id-verifications`, {}),
    );
    return id;
  }

  async idCheckInReview(customerId: string): Promise<string> {
    const { items } = await json<{ items: { id: string; customerId: string }[] }>(
      await this.request.get('/staff/id-verifications?status=in_review', {
        headers: { authorization: `Bearer ${this.token}` },
      }),
    );
    const check = items.find((i) => i.customerId === customerId);
    expect(check, 'an ID check in review').toBeTruthy();
    return check!.id;
  }

  async idCheckImages(id: string): Promise<Record<'front' | 'back' | 'selfie', string | null>> {
    return json(
      await this.request.get(`/staff/id-verifications/${id}/images`, {
        headers: { authorization: `Bearer ${this.token}` },
      }),
    );
  }

  async decideIdCheck(
    id: string,
    decision: { decision: 'approve' } | { decision: 'reject'; reason: string; note?: string },
  ): Promise<string> {
    const { status } = await json<{ status: string }>(
      await this.send('post', `/staff/id-verifications/${id}/decision`, decision),
    );
    return status;
  }

  async subscribe(customerId: string, treatmentShortId: string): Promise<string> {
    const { treatmentId } = await json<{ treatmentId: string }>(
      await this.send('post', `/staff/customers/${customerId}/subscriptions`, {
        treatmentShortId,
      }),
    );
    return treatmentId;
  }

  /**
   * Books a visit about `days` from now, at a random minute of that day so that visits of
   * tests running side by side with the same provider do not start together; a taken start
   * (409) is tried again at another minute.
   */
  async book(
    customerId: string,
    visit: {
      providerId: string;
      treatmentShortId: string;
      days: number;
      isAsync?: boolean;
      requirements?: string[];
    },
  ): Promise<Visit> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const minute = Math.floor(Date.now() / MINUTE) + Math.floor(Math.random() * 12 * 60);
      const start = minute * MINUTE + visit.days * DAY;
      const body = {
        providerId: visit.providerId,
        treatmentShortId: visit.treatmentShortId,
        start: new Date(start).toISOString(),
        end: new Date(start + 30 * MINUTE).toISOString(),
        isAsync: visit.isAsync ?? false,
        requirements: visit.requirements ?? [],
      };
      const response = await this.send('post', `/staff/customers/${customerId}/appointments`, body);
      if (response.status() === 409) {
        expect(((await response.json()) as Failure).error?.code).toBe('slot-taken');
        continue;
      }
      const { id } = await json<{ id: string }>(response);
      return { id, start: body.start, end: body.end };
    }
    throw new Error('no free start for the visit after five tries');
  }
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
 * The care team's side of an ID check (staff API): ask the customer for one, see the images
 * of a check in review through their short-lived URLs, and approve or reject it.
 */
export async function careTeam(request: APIRequestContext) {
  const care = await CareTeam.signIn(request);
  return {
    requestIdCheck: (customerId: string) => care.requestIdCheck(customerId),
    idCheckInReview: (customerId: string) => care.idCheckInReview(customerId),
    idCheckImages: (id: string) => care.idCheckImages(id),
    decideIdCheck: (id: string, decision: Parameters<CareTeam['decideIdCheck']>[1]) =>
      care.decideIdCheck(id, decision),
  };
}

/** What giveBilledPlan gave: the subscription on its contract, and the saved card. */
export interface BilledPlan {
  subscriptionId: string;
  contractId: string;
  paymentSourceId: string | null;
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
