import { charges } from '../../db/schema/billing';
import { treatments } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders'; // expect: import-x/no-restricted-paths
import { auditLog } from '../../db/schema/platform'; // expect: import-x/no-restricted-paths

export const invoiceStore = { tables: [charges, treatments, orders, auditLog] };
export const audited = `insert into audit_log values ($1)`; // expect: no-restricted-syntax
