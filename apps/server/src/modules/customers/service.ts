import {
  findSupportedState,
  type ShippingAddressInput,
  type SubscriptionStatus,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { SqlSelect } from '../../db/json-select';
import type { NewCustomerOfUser } from '../../identity/customer-directory';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Work } from '../../platform/unit-of-work';
import {
  CustomerStore,
  type AddressRow,
  type BillingSubscription,
  type ContractRow,
  type CustomerRecord,
  type SubscriptionRow,
} from './store';
import { PlanStore } from './plan-store';

export type { AddressRow, BillingSubscription, ContractRow, SubscriptionRow };

/** The audit entry of a read of the customer's own record (GetCustomerData). */
export const customerRead = (customerId: string) => ({
  action: 'read',
  entity: 'customer',
  entityId: customerId,
  details: { operation: 'GetCustomerData' },
});

/** A copy of a postal address as it was (an invoice keeps the shipping address it went to). */
export interface AddressSnapshot {
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  stateCode: string;
  zipCode: string;
}

/** The contract a plan change starts (billing computes it). Money in cents. */
export interface NewContract {
  startDate: string;
  endDate: string;
  length: number;
  price: number;
  discountAmount: number;
  coupon: string | null;
}

export class CustomerService {
  constructor(
    private readonly store: CustomerStore,
    private readonly audit: AuditLog,
    private readonly plans: PlanStore,
  ) {}

  /** The signed-in customer's record; reading it is audited (health and payment data). */
  async getOwnRecord(customerId: string, actor: AuditActor): Promise<CustomerRecord | undefined> {
    const record = await this.store.loadRecord(customerId);
    if (record) await this.audit.record(actor, customerRead(customerId));
    return record;
  }

  /**
   * The signed-in customer's record as the JSON a persisted query's SQL plan selects
   * (graphql/sql-plan.ts); null when there is none. Audited as getOwnRecord.
   */
  async getOwnRecordJson(
    customerId: string,
    actor: AuditActor,
    select: SqlSelect,
  ): Promise<string | null> {
    const json = await this.store.recordJson(customerId, select);
    if (json === undefined) return null;
    await this.audit.record(actor, customerRead(customerId));
    return json;
  }

  /**
   * The contract end date of each of the customer's subscriptions that has a contract, for
   * other modules (a contract-expiry notice names its subscriptions). Not audited here: the
   * caller audits the read it serves.
   */
  async contractEndDates(
    customerId: string,
  ): Promise<{ subscriptionId: string; endDate: string }[]> {
    const record = await this.store.loadRecord(customerId);
    if (!record) return [];
    return record.subscriptions.flatMap((s) => {
      const contract = record.contracts.find((c) => c.id === s.contractId);
      return contract ? [{ subscriptionId: s.id, endDate: contract.endDate }] : [];
    });
  }

  /**
   * The customer's whole record for the care console's patient page; undefined when there is
   * no such customer. Not audited here: the staff overview audits the read once, naming its
   * sections.
   */
  recordForCareTeam(customerId: string): Promise<CustomerRecord | undefined> {
    return this.store.loadRecord(customerId);
  }

  /** The care console's patient search (CustomerStore.search); the route audits nothing. */
  search(text: string | undefined, page: number, pageSize: number) {
    return this.store.search(text, page, pageSize);
  }

  /** The customer's tag names, for other modules' rules (not audited: no values leave). */
  tagNames(customerId: string): Promise<string[]> {
    return this.store.tagNames(customerId);
  }

  /**
   * Staff API: the customer's whole set of tags (the personify tag puts them in the
   * corporate-health mode). Audited by the field's name, never the tags: a tag can say which
   * employer's programme covers the patient.
   */
  async replaceTags(customerId: string, names: readonly string[], work: Work): Promise<string[]> {
    const tags = await this.store.in(work.tx).replaceTags(customerId, names);
    await work.audit({
      action: 'update',
      entity: 'customer_tags',
      entityId: customerId,
      details: { customerId, fields: ['tags'] },
    });
    return tags;
  }

  /** Whether a customer record exists (the staff API checks before writing for one). */
  async exists(customerId: string): Promise<boolean> {
    return (await this.store.findById(customerId)) !== undefined;
  }

  /**
   * For other modules (booking checks where the customer lives and what they are treated
   * for): not audited here, the caller audits the operation it serves.
   */
  async stateCode(customerId: string): Promise<string | null> {
    return (await this.store.customerFacts(customerId)).stateCode;
  }

  /** Pass the caller's transaction to read inside it. */
  async activeTreatmentIds(customerId: string, db?: Db): Promise<string[]> {
    return (await this.store.customerFacts(customerId, null, db)).activeTreatmentIds;
  }

  /**
   * For booking, in one statement: where the customer lives, the treatments of their active
   * subscriptions, and whether `subscriptionId` is theirs (true when null). Not audited here.
   */
  bookingFacts(customerId: string, subscriptionId: string | null) {
    return this.store.customerFacts(customerId, subscriptionId);
  }

  /**
   * For referrals (eligibility, the own-email rule and the invitation's sender name): not
   * audited here, the caller audits the operation it serves.
   */
  contactFacts(
    customerId: string,
  ): Promise<{ email: string; firstName: string; subscriptionStatuses: string[] } | undefined> {
    return this.store.contactFacts(customerId);
  }

  /**
   * Issue 43, for the appointment mails and calendar files: whom they go to and the zone the
   * customer reads times in. Not audited here (the caller's operation is).
   */
  async mailFacts(
    customerId: string,
  ): Promise<
    | { email: string; firstName: string; name: string; timeZone: string; userId: string | null }
    | undefined
  > {
    const row = await this.store.findById(customerId);
    if (!row) return undefined;
    const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
    return {
      email: row.email,
      firstName: row.firstName || name,
      name,
      timeZone: row.timeZone,
      userId: row.userId,
    };
  }

  /**
   * Issue 43: the zone times are shown in (validated by the caller). 'chosen' when the
   * customer chose it, which wins on every device from then on; 'device' for the zone of the
   * device they read on, taken only while they have chosen none. The zone as it now is.
   */
  async setTimeZone(
    customerId: string,
    timeZone: string,
    choice: 'chosen' | 'device',
    actor: AuditActor,
  ): Promise<{ timeZone: string; chosen: boolean } | undefined> {
    const saved = await this.store.setTimeZone(customerId, timeZone, choice);
    if (saved?.changed) {
      await this.audit.record(actor, {
        action: 'update',
        entity: 'customer',
        entityId: customerId,
        details: { operation: 'setTimeZone', timeZone, chosen: choice !== 'device' },
      });
    }
    return saved && { timeZone: saved.timeZone, chosen: saved.chosen };
  }

  /** Issue 43: the zone times are shown in and whether the customer chose it (not audited). */
  timeZoneOf(customerId: string): Promise<{ timeZone: string; chosen: boolean } | undefined> {
    return this.store.timeZoneOf(customerId);
  }

  /** The customer signed up with this email, if any (referrals: a signed-up referee). */
  idByEmail(email: string): Promise<string | undefined> {
    return this.store.idByEmail(email.trim().toLowerCase());
  }

  // For identity's CustomerDirectory (wired by the root): the customer record behind a login,
  // in the caller's transaction when given (a sign-up's user and customer commit together).

  customerIdOfUser(userId: string, db?: Db): Promise<string | null> {
    return (db ? this.store.in(db) : this.store).idOfUser(userId);
  }

  linkUserByEmail(email: string, userId: string, db?: Db): Promise<void> {
    return (db ? this.store.in(db) : this.store).linkUserByEmail(email, userId);
  }

  /** A new login's customer record; the sign-up's audit row covers it. */
  createForUser(customer: NewCustomerOfUser, db?: Db): Promise<string> {
    return (db ? this.store.in(db) : this.store).insertForUser(customer);
  }

  /** Customers on an active plan of a treatment category (the weight reminder job asks). */
  activeInTreatmentCategory(
    category: string,
  ): Promise<{ customerId: string; email: string; firstName: string }[]> {
    return this.store.activeInTreatmentCategory(category);
  }

  async ownsSubscription(customerId: string, subscriptionId: string): Promise<boolean> {
    return (await this.store.customerFacts(customerId, subscriptionId)).subscriptionOwned;
  }

  /**
   * Staff API: records the customer's shipping address (replacing the one there is) as part of
   * the caller's unit of work, which must hold the customer's lock; audit row included.
   */
  async setShippingAddress(
    customerId: string,
    input: ShippingAddressInput,
    work: Work,
  ): Promise<AddressRow> {
    const state = findSupportedState(input.stateCode);
    if (!state) throw new Error(`unsupported state ${input.stateCode}`);
    const { row, created } = await this.store.in(work.tx).upsertShippingAddress(customerId, {
      streetAddress1: input.streetAddress1,
      streetAddress2: input.streetAddress2,
      city: input.city,
      state: state.name,
      stateCode: state.code,
      zipCode: input.zipCode,
    });
    await work.audit({
      action: created ? 'create' : 'update',
      entity: 'address',
      entityId: row.id,
      // The names of the fields given, never their values: an address is PHI, and the audit
      // trail the care console shows must not become a second copy of it.
      details: {
        customerId,
        addressType: row.addressType,
        fields: Object.keys(input).filter(
          (k) => input[k as keyof ShippingAddressInput] !== undefined,
        ),
      },
    });
    return row;
  }

  /**
   * For billing: one of the customer's subscriptions with its contract and items, read in the
   * caller's transaction when given; undefined when it is not theirs. The caller audits.
   */
  subscriptionForBilling(
    customerId: string,
    subscriptionId: string,
    db?: Db,
  ): Promise<BillingSubscription | undefined> {
    return (db ? this.plans.in(db) : this.plans).subscriptionWithContract(
      customerId,
      subscriptionId,
    );
  }

  /** For billing: the ids of the customer's subscriptions (read in `db` when given). */
  subscriptionIds(customerId: string, db?: Db): Promise<string[]> {
    return (db ? this.plans.in(db) : this.plans).subscriptionIds(customerId);
  }

  /**
   * For billing: the shipping address an invoice keeps a copy of (the newest one), read in the
   * caller's transaction when given; null when there is none. The caller audits.
   */
  async shippingAddressSnapshot(customerId: string, db?: Db): Promise<AddressSnapshot | null> {
    const row = await (db ? this.store.in(db) : this.store).latestShippingAddress(customerId);
    if (!row) return null;
    return {
      streetAddress1: row.streetAddress1,
      streetAddress2: row.streetAddress2,
      city: row.city,
      state: row.state,
      stateCode: row.stateCode,
      zipCode: row.zipCode,
    };
  }

  /** For billing: the name and date of birth an invoice's PDF shows. The caller audits. */
  async patientFacts(
    customerId: string,
  ): Promise<{ name: string; dob: string | null } | undefined> {
    const row = await this.store.findById(customerId);
    return row ? { name: `${row.firstName} ${row.lastName}`, dob: row.dob } : undefined;
  }

  /**
   * For billing's renewals job: subscriptions on a running contract, soonest end first; only
   * one customer's when named (the development server's run for one customer).
   */
  renewalCandidates(
    customerId?: string,
  ): Promise<{ customerId: string; subscriptionId: string }[]> {
    return this.plans.subscriptionsOnRunningContracts(customerId);
  }

  /**
   * For billing, inside its unit of work: the subscription moves to a new contract (the old one
   * ends as 'changed') and to the new plan's items; audited in the same transaction.
   */
  async changePlan(
    work: Work,
    input: {
      customerId: string;
      subscriptionId: string;
      previousContractId: string | null;
      treatmentId: string | null;
      contract: NewContract;
      items: { itemPriceId: string; itemType: 'plan' | 'addon' }[];
    },
  ): Promise<ContractRow> {
    const store = this.plans.in(work.tx);
    if (input.previousContractId) {
      await store.setContractStatus(input.previousContractId, {
        status: 'changed',
        autoRenew: false,
      });
    }
    const contract = await store.insertContract({
      customerId: input.customerId,
      status: 'active',
      autoRenew: true,
      ...input.contract,
    });
    await store.replacePlan({
      subscriptionId: input.subscriptionId,
      contractId: contract.id,
      treatmentId: input.treatmentId,
      items: input.items,
    });
    await work.audit({
      action: 'update',
      entity: 'subscription',
      entityId: input.subscriptionId,
      details: {
        customerId: input.customerId,
        contractId: contract.id,
        previousContractId: input.previousContractId,
        items: input.items.map((i) => i.itemPriceId),
      },
    });
    return contract;
  }

  /** For billing: a cancelled plan runs to its contract's end and does not renew; audited. */
  async setNonRenewing(
    work: Work,
    input: { customerId: string; subscriptionId: string; contractId: string | null },
  ): Promise<void> {
    const store = this.plans.in(work.tx);
    await store.setSubscriptionStatus(input.subscriptionId, 'non_renewing');
    if (input.contractId) {
      await store.setContractStatus(input.contractId, { status: 'non_renewing', autoRenew: false });
    }
    await work.audit({
      action: 'update',
      entity: 'subscription',
      entityId: input.subscriptionId,
      details: { customerId: input.customerId, status: 'non_renewing' },
    });
  }

  /**
   * For billing, when the account is deleted (issue 45): the plan ends now; it neither renews
   * nor runs to its contract's end (nothing ships to an erased address); audited.
   */
  async endPlan(
    work: Work,
    input: { customerId: string; subscriptionId: string; contractId: string | null },
  ): Promise<void> {
    const store = this.plans.in(work.tx);
    await store.setSubscriptionStatus(input.subscriptionId, 'cancelled');
    if (input.contractId) {
      await store.setContractStatus(input.contractId, { status: 'cancelled', autoRenew: false });
    }
    await work.audit({
      action: 'update',
      entity: 'subscription',
      entityId: input.subscriptionId,
      details: { customerId: input.customerId, status: 'cancelled', contractId: input.contractId },
    });
  }

  /** The customer's future subscription to a treatment, if one is waiting (bulk orders). */
  futureSubscriptionId(
    customerId: string,
    treatmentId: string,
    db?: Db,
  ): Promise<string | undefined> {
    return (db ? this.plans.in(db) : this.plans).subscriptionIdIn(
      customerId,
      treatmentId,
      'future',
    );
  }

  /** Staff API: a subscription to a treatment, in the caller's unit of work; audited. */
  async createSubscription(
    customerId: string,
    input: { treatmentId: string; status: SubscriptionStatus },
    work: Work,
  ): Promise<SubscriptionRow> {
    const row = await this.plans.in(work.tx).insertSubscription({ customerId, ...input });
    await work.audit({
      action: 'create',
      entity: 'subscription',
      entityId: row.id,
      details: { customerId, treatmentId: input.treatmentId, status: input.status },
    });
    return row;
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createCustomerService(deps: { db: Db; audit: AuditLog }): CustomerService {
  return new CustomerService(new CustomerStore(deps.db), deps.audit, new PlanStore(deps.db));
}
