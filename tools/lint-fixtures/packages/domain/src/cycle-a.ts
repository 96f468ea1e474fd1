import { b } from './cycle-b'; // expect: import-x/no-cycle

export const a = (): string => `a${b.length}`;
