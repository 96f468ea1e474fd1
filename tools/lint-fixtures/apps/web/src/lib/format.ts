export const format = (value: string): string => value.trim();
