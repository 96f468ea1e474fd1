import { keys } from '../identity/keys'; // expect: import-x/no-restricted-paths

export const mail = { keys };
