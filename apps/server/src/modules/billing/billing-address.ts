import { findSupportedState, type UpdateBillingAddressInput } from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingStore, PaymentSourceRow } from './store';

/**
 * Update billing address (spec 02 §2 account settings, §3 payment source billing_address):
 * the address stored on the customer's own active payment source, the one the plan tab's card
 * shows. Another customer's source, or a replaced one, reads as not found (ST101) and nothing
 * changes. updated_at is left alone: it orders the sources, and the newest one is the card a
 * plan without its own link is charged to, so an address edit must not move charges.
 */
export async function updateBillingAddress(
  store: BillingStore,
  uow: UnitOfWork,
  customerId: string,
  input: UpdateBillingAddressInput,
  actor: AuditActor,
): Promise<PaymentSourceRow> {
  const state = findSupportedState(input.stateCode);
  if (!state)
    throw codedError('C101', 'Unsupported state.', {
      fields: { stateCode: 'address.stateUnsupported' },
    });
  return uow.run(
    actor,
    async ({ tx, audit }) => {
      const row = await store.in(tx).setBillingAddress(customerId, input.paymentSourceId, {
        billingFirstName: input.firstName,
        billingLastName: input.lastName,
        billingStreetAddress1: input.streetAddress1,
        billingStreetAddress2: input.streetAddress2,
        billingCity: input.city,
        billingState: state.name,
        billingStateCode: state.code,
        billingZipCode: input.zipCode,
      });
      if (!row) throw codedError('ST101', 'Payment method not found.', { reason: 'not_found' });
      // Which row and the names of the fields given, never their values: the street, the names
      // and the state stay out of the audit details (issue 41).
      await audit({
        action: 'update',
        entity: 'payment_source',
        entityId: row.id,
        details: {
          customerId,
          fields: Object.keys(input).filter(
            (k) =>
              k !== 'paymentSourceId' && input[k as keyof UpdateBillingAddressInput] !== undefined,
          ),
        },
      });
      return row;
    },
    { lock: `billing:${customerId}` },
  );
}
