import { APP_VERSION, VERSION_CHECK_INTERVAL_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { getJson } from '../api/http';

/**
 * Spec 01 §4: the served version (GET /version.json, no caching) is compared with the running
 * one at load and every 120 seconds. Returns the newer served version, or null.
 */
export function useServedVersionChange(intervalMs = VERSION_CHECK_INTERVAL_MS): string | null {
  const [served, setServed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      try {
        const { version } = await getJson<{ version?: unknown }>('/version.json');
        if (!cancelled && typeof version === 'string') {
          setServed(version === APP_VERSION ? null : version);
        }
      } catch {
        // Offline or a deploy in progress: try again at the next tick.
      }
    };
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return served;
}
