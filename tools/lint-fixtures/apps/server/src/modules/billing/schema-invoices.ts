import { builder } from '../../graphql/builder';
import { schema } from '../../graphql-host/schema'; // expect: import-x/no-restricted-paths

export const invoiceTypes = { builder, schema };
