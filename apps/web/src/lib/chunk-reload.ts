import { STORAGE_KEYS } from './session/storage-keys';

// Spec 01 §4: a failed script chunk preload reloads the page (a deploy replaced the chunks).
// A short guard stops a reload loop when the chunk is missing for another reason.
const RELOAD_GUARD_MS = 10_000;

export function reloadAfterChunkFailure(): boolean {
  const last = Number(sessionStorage.getItem(STORAGE_KEYS.chunkReloadAt) ?? '0');
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(Date.now()));
  window.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch dynamically/i.test(
    error.message,
  );
}

export function installChunkReload(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkFailure()) event.preventDefault();
  });
}

/** Wraps a lazy import so a chunk that fails to load reloads the page instead of erroring. */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadAfterChunkFailure()) {
        return new Promise<T>(() => {
          // Never settles: the page is reloading.
        });
      }
      throw error;
    }
  };
}
