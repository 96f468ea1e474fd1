export const services = { name: 'services' };
