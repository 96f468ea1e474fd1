import { GREETING_COUNT } from '@portal/domain';
import { STORAGE_KEYS } from './storage-keys';

// Spec 01 §2: five greeting lines; the index cycles 0 to 4 and advances on each logout.

export function readGreetingIndex(storage: Storage): number {
  const raw = Number.parseInt(storage.getItem(STORAGE_KEYS.greetingIndex) ?? '0', 10);
  return Number.isInteger(raw) && raw >= 0 && raw < GREETING_COUNT ? raw : 0;
}

export function advanceGreetingIndex(storage: Storage): number {
  const next = (readGreetingIndex(storage) + 1) % GREETING_COUNT;
  storage.setItem(STORAGE_KEYS.greetingIndex, String(next));
  return next;
}
