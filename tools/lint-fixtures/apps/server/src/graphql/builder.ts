export const builder = { types: [] as string[] };
