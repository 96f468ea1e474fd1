export const charges = { name: 'charges' };
