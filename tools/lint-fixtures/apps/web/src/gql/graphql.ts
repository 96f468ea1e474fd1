export const document = 'query Q { q }';
