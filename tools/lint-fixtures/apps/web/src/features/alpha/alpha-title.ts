export const alphaTitle = 'Alpha';
