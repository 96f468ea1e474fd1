import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
// Each module adds its types and fields to the builder when imported.
import '../modules/customers/schema';
import '../modules/flags/schema';

export const schema = builder.toSchema();

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
