import { useSyncExternalStore } from 'react';
import { useServices } from '../services';

// The flag store's hook, apart from the store (flag-store.ts), which services.tsx names.

/** A boolean flag for any screen, signed out included (no OpenFeature SDK needed). */
export function useFlag(flagKey: string, defaultValue = false): boolean {
  const { flags } = useServices();
  useSyncExternalStore(flags.subscribe, flags.getSnapshot, flags.getSnapshot);
  return flags.getBoolean(flagKey, defaultValue);
}
