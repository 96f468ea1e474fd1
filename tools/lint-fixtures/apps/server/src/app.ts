export const app = { name: 'app' };
