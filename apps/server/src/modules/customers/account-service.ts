import {
  addressLock,
  findSupportedState,
  type UpdateGenderInput,
  type UpdatePhoneInput,
  type UpdateShippingAddressInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { AccountStore } from './account-store';
import type { AddressRow, CustomerRow } from './store';

/** What the lock rules need from other areas (treatments, prescriptions), asked by the root. */
export interface AddressLockSources {
  activeTreatmentShortIds(customerId: string): Promise<string[]>;
  /** Prescriptions written and not yet delivered or cancelled. */
  prescriptionsInProgress(customerId: string): Promise<number>;
}

/**
 * Account settings (spec 02 §2, §5–§7): phone (C104), pronouns (C109), the shipping address
 * with its lock rules (SA100–SA103), and the customer side of an email change and of an
 * account deletion, which identity runs in its own unit of work.
 */
export class AccountService {
  constructor(
    private readonly store: AccountStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly sources: AddressLockSources,
  ) {}

  async updatePhone(input: UpdatePhoneInput, actor: AuditActor): Promise<CustomerRow> {
    return this.uow.run(actor, async ({ tx, audit }) => {
      const row = await this.store
        .in(tx)
        .setContact(input.customerId, { phone: input.phone }, this.clock.now());
      if (!row) throw codedError('C104', 'Cannot update phone number.');
      await audit({
        action: 'update',
        entity: 'customer',
        entityId: row.id,
        details: { field: 'phone' },
      });
      return row;
    });
  }

  async updateGender(input: UpdateGenderInput, actor: AuditActor): Promise<CustomerRow> {
    return this.uow.run(actor, async ({ tx, audit }) => {
      const row = await this.store
        .in(tx)
        .setContact(input.customerId, { gender: input.gender }, this.clock.now());
      if (!row) throw codedError('C109', 'Cannot update preferred pronouns.');
      await audit({
        action: 'update',
        entity: 'customer',
        entityId: row.id,
        details: { field: 'gender' },
      });
      return row;
    });
  }

  /**
   * The lock rules run on what the database holds now, inside the change's transaction (under
   * the customer's lock), so two edits cannot both pass a check the other would have failed.
   */
  async updateShippingAddress(
    customerId: string,
    input: UpdateShippingAddressInput,
    actor: AuditActor,
  ): Promise<AddressRow> {
    const state = findSupportedState(input.stateCode);
    if (!state)
      throw codedError('C101', 'Unsupported state.', {
        fields: { stateCode: 'address.stateUnsupported' },
      });
    const [treatmentShortIds, prescriptionsInProgress] = await Promise.all([
      this.sources.activeTreatmentShortIds(customerId),
      this.sources.prescriptionsInProgress(customerId),
    ]);
    return this.uow.run(
      actor,
      async ({ tx, audit }) => {
        const store = this.store.in(tx);
        const current = await store.ownAddress(customerId, input.addressId);
        if (!current || current.addressType !== 'SHIPPING')
          throw codedError('NOT_FOUND', 'No such address.');
        const lock = addressLock({
          currentStateCode: current.stateCode,
          requestedStateCode: state.code,
          activeSubscriptionCount: await store.activeSubscriptionCount(customerId),
          activeTreatmentShortIds: treatmentShortIds,
          ordersInProgress: prescriptionsInProgress + (await store.pendingOrderActions(customerId)),
        });
        if (lock) throw codedError(lock, 'Address change not allowed; contact the care team.');
        const row = await store.updateAddress(current.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          streetAddress1: input.streetAddress1,
          streetAddress2: input.streetAddress2,
          city: input.city,
          state: state.name,
          stateCode: state.code,
          zipCode: input.zipCode,
        });
        await audit({
          action: 'update',
          entity: 'address',
          entityId: row.id,
          details: { customerId, stateCode: row.stateCode },
        });
        return row;
      },
      { lock: `customer:${customerId}` },
    );
  }

  /** For the mail and text gates (via preferences): whose address or phone this is. */
  customerIdByEmail(email: string): Promise<string | null> {
    return this.store.idByEmail(email.trim().toLowerCase());
  }

  customerIdByPhone(phone: string): Promise<string | null> {
    return this.store.idByPhone(phone);
  }

  /** Identity's email change, in its unit of work: the customer record follows the login. */
  async setEmail(customerId: string, email: string, work: Work): Promise<void> {
    await this.store.in(work.tx).setContact(customerId, { email }, this.clock.now());
    await work.audit({
      action: 'update',
      entity: 'customer',
      entityId: customerId,
      details: { field: 'email' },
    });
  }

  /**
   * Identity's account deletion, in its unit of work. What is erased and what is kept:
   * - erased: email (replaced by a tombstone, so the address can sign up again), phone,
   *   preferred name, pronouns, every shipping and billing address, the link to the login;
   *   (notification preferences are erased by the preferences module in the same work).
   * - kept: the customer row with first and last name and date of birth, and everything
   *   clinical or financial hanging off it (prescriptions, treatment records, appointments,
   *   measurements, labs, invoices, subscriptions, consents) and the audit log. Medical records
   *   must be retained for years after the last visit (HIPAA §164.316 six years for
   *   documentation; state medical-record laws commonly 7–10 years, longer for minors), and
   *   pharmacy, tax and chargeback rules keep the money trail; the name and birth date are what
   *   identifies that record if the patient or a regulator asks for it.
   */
  async eraseForDeletion(customerId: string, work: Work): Promise<void> {
    await this.store
      .in(work.tx)
      .erase(customerId, `deleted+${customerId}@deleted.invalid`, this.clock.now());
    await work.audit({ action: 'erase', entity: 'customer', entityId: customerId });
  }
}

export function createAccountService(deps: {
  db: Db;
  uow: UnitOfWork;
  clock: Clock;
  sources: AddressLockSources;
}): AccountService {
  return new AccountService(new AccountStore(deps.db), deps.uow, deps.clock, deps.sources);
}
