import { b } from './cycle-b';

export const a = (): string => `a${b.length}`;
