import { builder } from '../../graphql/builder';
import { billingService } from './service';

export const billingSchema = { builder, billingService };
