export const orders = { name: 'orders' };
