export const treatments = { name: 'treatments' };
