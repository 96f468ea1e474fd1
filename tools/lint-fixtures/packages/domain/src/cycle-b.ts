import { a } from './cycle-a'; // expect: import-x/no-cycle

export const b = [a];
