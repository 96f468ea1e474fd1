import type { GetCustomerDataQuery } from '../../gql/graphql';

/** The signed-in customer as GetCustomerData reads it. */
export type Customer = NonNullable<GetCustomerDataQuery['customer']>;

/** The customer query's key; here, apart from its document, so the error screen stays light. */
export const CUSTOMER_QUERY_KEY = ['customer'] as const;
