import { builder } from '../graphql/builder';
import { billingSchema } from '../modules/billing/schema';

export const schema = { builder, billingSchema };
