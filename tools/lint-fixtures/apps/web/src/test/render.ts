export const render = (value: string): string => `<${value}>`;
