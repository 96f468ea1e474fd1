// Spec 01 §4: dismissing the plan-expiration banner is stored in local storage, per notice.
// (The key keeps its old name so dismissals made before the banner moved to the layout hold.)
const KEY_PREFIX = 'portal.home.plan-expiration-dismissed.';

export function isPlanExpirationDismissed(storage: Storage, notificationId: string): boolean {
  try {
    return storage.getItem(KEY_PREFIX + notificationId) === 'true';
  } catch {
    return false;
  }
}

export function dismissPlanExpiration(storage: Storage, notificationId: string): void {
  try {
    storage.setItem(KEY_PREFIX + notificationId, 'true');
  } catch {
    // Storage full or blocked: the dismissal lasts for this visit only.
  }
}
