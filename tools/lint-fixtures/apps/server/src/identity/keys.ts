export const keys = ['k1'];
