// Home's local-storage markers (spec 01 §2, §4). /refresh clears all of local storage.
export const HOME_STORAGE_KEYS = {
  healthCoachDismissed: 'portal.home.health-coach-dismissed',
} as const;

export function isStoredFlag(storage: Storage, key: string): boolean {
  try {
    return storage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function storeFlag(storage: Storage, key: string): void {
  try {
    storage.setItem(key, 'true');
  } catch {
    // Storage full or blocked: the dismissal lasts for this visit only.
  }
}
