export const ordersStore = { table: 'orders' };
