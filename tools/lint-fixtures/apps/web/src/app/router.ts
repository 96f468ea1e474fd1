export const route = '/';
