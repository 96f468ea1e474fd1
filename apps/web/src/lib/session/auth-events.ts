import { STORAGE_KEYS } from './storage-keys';

// Tabs tell each other about a login or logout through a localStorage write; the `storage`
// event fires in every other tab of the origin (never in the writing tab itself).

export type AuthEventType = 'login' | 'logout';

export function emitAuthEvent(storage: Storage, type: AuthEventType): void {
  storage.setItem(
    STORAGE_KEYS.authEvent,
    JSON.stringify({ type, at: Date.now(), nonce: Math.random().toString(36).slice(2) }),
  );
}

export function onAuthEvent(target: Window, listener: (type: AuthEventType) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.authEvent || !event.newValue) return;
    try {
      const parsed = JSON.parse(event.newValue) as { type?: unknown };
      if (parsed.type === 'login' || parsed.type === 'logout') listener(parsed.type);
    } catch {
      // Not ours: ignore.
    }
  };
  target.addEventListener('storage', handler);
  return () => target.removeEventListener('storage', handler);
}
