import { builder } from '../../graphql/builder';
import { addressPlans } from './schema-plans';
import type { AddressRow } from './store';

/**
 * An address under its GraphQL field names, so graphql-jit reads them as properties instead of
 * calling a resolver per field (issue 16, as customerView).
 */
export interface AddressView {
  id: string;
  address_type: string;
  first_name: string | null;
  last_name: string | null;
  street_address1: string;
  street_address2: string | null;
  city: string;
  state: string;
  state_code: string;
  zip_code: string;
}

export function addressView(row: AddressRow): AddressView {
  return {
    id: row.id,
    address_type: row.addressType,
    first_name: row.firstName,
    last_name: row.lastName,
    street_address1: row.streetAddress1,
    street_address2: row.streetAddress2,
    city: row.city,
    state: row.state,
    state_code: row.stateCode,
    zip_code: row.zipCode,
  };
}

/** Spec 02 §3, customer address (shipping or billing). */
export const Address = builder.objectRef<AddressView>('Address').implement({
  fields: (t) => ({
    id: t.exposeID('id', { extensions: addressPlans.id }),
    address_type: t.exposeString('address_type', { extensions: addressPlans.address_type }),
    first_name: t.exposeString('first_name', {
      nullable: true,
      extensions: addressPlans.first_name,
    }),
    last_name: t.exposeString('last_name', { nullable: true, extensions: addressPlans.last_name }),
    street_address1: t.exposeString('street_address1', {
      extensions: addressPlans.street_address1,
    }),
    street_address2: t.exposeString('street_address2', {
      nullable: true,
      extensions: addressPlans.street_address2,
    }),
    city: t.exposeString('city', { extensions: addressPlans.city }),
    state: t.exposeString('state', { extensions: addressPlans.state }),
    state_code: t.exposeString('state_code', { extensions: addressPlans.state_code }),
    zip_code: t.exposeString('zip_code', { extensions: addressPlans.zip_code }),
  }),
});
