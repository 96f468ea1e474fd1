export const betaValue = 'beta';
