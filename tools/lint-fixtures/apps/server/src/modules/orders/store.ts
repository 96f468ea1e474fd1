import { orders } from '../../db/schema/orders';

export const ordersStore = { table: orders };
