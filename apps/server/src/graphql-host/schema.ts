import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../graphql/builder';
// Each module adds its types and fields to the builder when imported.
import '../modules/customers/schema';
import '../modules/flags/schema';
import '../modules/notifications/schema';
import '../modules/messages/schema';
import '../modules/sdui/schema';
import '../modules/appointments/schema';
import '../modules/appointments/calendar-schema';
import '../modules/preferences/schema';
import '../modules/weight/schema';
import '../modules/files/schema';
import '../modules/prescriptions/schema';
import '../modules/labs/schema';
import '../modules/referrals/schema';
import '../modules/billing/schema';
import '../modules/billing/billing-address-schema';
import '../modules/forms/schema';
import '../modules/bulk/schema';
import '../modules/payments/schema';

export const schema = builder.toSchema();

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
