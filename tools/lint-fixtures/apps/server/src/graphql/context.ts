import type { billingService } from '../modules/billing/service'; // expect: import-x/no-restricted-paths

export interface Context {
  billing: typeof billingService;
}
