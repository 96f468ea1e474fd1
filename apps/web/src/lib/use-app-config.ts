import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { FALLBACK_APP_CONFIG, type AppConfig } from './config';
import { useServices } from './services';

// The config store's hooks, apart from the store (config.ts), which services.tsx names.

/** The runtime config; while loading (or if it fails) the safe fallback is returned. */
export function useAppConfig(): AppConfig {
  const { config } = useServices();
  // The third: the build's pre-render (issue 46) and its hydration read the store as it is.
  const value = useSyncExternalStore(config.subscribe, config.getSnapshot, config.getSnapshot);
  useEffect(() => {
    if (!value) config.load().catch(() => undefined);
  }, [config, value]);
  return value ?? FALLBACK_APP_CONFIG;
}

/** For event handlers that need the config now (the cached copy, or one fetch). */
export function useLoadAppConfig(): () => Promise<AppConfig> {
  const { config } = useServices();
  return useCallback(() => config.load(), [config]);
}
