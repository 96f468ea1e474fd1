import { builder } from '../../graphql/builder';
import type { AddressRow } from './store';

/** Spec 02 §3, customer address (shipping or billing). */
export const Address = builder.objectRef<AddressRow>('Address').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    address_type: t.exposeString('addressType'),
    first_name: t.exposeString('firstName', { nullable: true }),
    last_name: t.exposeString('lastName', { nullable: true }),
    street_address1: t.exposeString('streetAddress1'),
    street_address2: t.exposeString('streetAddress2', { nullable: true }),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    state_code: t.exposeString('stateCode'),
    zip_code: t.exposeString('zipCode'),
  }),
});
