export const orderItemStore = { table: 'order_items' };
