import { FEATURE_FLAG_OVERRIDE_PREFIX } from '@portal/domain';
import { STORAGE_KEYS } from '../session/storage-keys';

// Spec 01 §4: `ff_<name>=true|false` query parameters force a flag value. They are kept in
// sessionStorage, so they hold for the rest of the browser session, not just one page.

export type FlagOverrides = Record<string, boolean>;

export function parseFlagOverrides(search: string): FlagOverrides {
  const result: FlagOverrides = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith(FEATURE_FLAG_OVERRIDE_PREFIX)) continue;
    const name = key.slice(FEATURE_FLAG_OVERRIDE_PREFIX.length);
    if (!name) continue;
    if (value === 'true') result[name] = true;
    else if (value === 'false') result[name] = false;
  }
  return result;
}

export function readFlagOverrides(storage: Storage): FlagOverrides {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.flagOverrides) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Stores the overrides in `search`; returns true when anything changed. */
export function captureFlagOverrides(search: string, storage: Storage): boolean {
  const incoming = parseFlagOverrides(search);
  const current = readFlagOverrides(storage);
  const changed = Object.entries(incoming).some(([name, value]) => current[name] !== value);
  if (changed) {
    storage.setItem(STORAGE_KEYS.flagOverrides, JSON.stringify({ ...current, ...incoming }));
  }
  return changed;
}
