import { useServices } from '../services';
import { CUSTOMER_QUERY_KEY, type Customer } from './customer';

/**
 * The customer if already loaded, without subscribing: for prefilling forms and links. (A
 * second subscriber would refetch a failed query on mount, so an error screen that used
 * useCustomerQuery would loop between loading and error.) Its own module: it needs no GraphQL
 * document, and the sign-in page's error screen uses it (issue 16).
 */
export function useLoadedCustomer(): Customer | null | undefined {
  // Issue 16: the query cache is the signed-in layer's; before it exists no customer is loaded.
  return useServices().peekQueryClient()?.getQueryData<Customer | null>(CUSTOMER_QUERY_KEY);
}
