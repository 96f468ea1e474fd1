import { readFileSync } from 'node:fs'; // expect: no-restricted-imports
import path from 'path'; // expect: no-restricted-imports

export const stamp = Date.now(); // expect: no-restricted-syntax
export const today = new Date(); // expect: no-restricted-syntax
export const label = Date(); // expect: no-restricted-syntax
export const roll = Math.random(); // expect: no-restricted-syntax
export const zone = process.env.TZ; // expect: no-restricted-globals
export const zone2 = globalThis.process.env.TZ; // expect: no-restricted-syntax
export const file = () => readFileSync(path.join('a', 'b'), 'utf8');
export const loaded = () => import('node:os'); // expect: no-restricted-syntax
