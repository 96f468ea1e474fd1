import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PaymentsConfig } from '../config';
import { useServices } from '../services';

export type PaymentsConfigState =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; payments: PaymentsConfig };

/**
 * The processor from /config.json, and only the real answer: unlike useAppConfig, no fallback
 * while it loads or when it fails, because the sandbox's form on a Stripe deployment would send
 * a card number to our own server (issue 39).
 */
export function usePaymentsConfig(): PaymentsConfigState {
  const { config } = useServices();
  const value = useSyncExternalStore(config.subscribe, config.getSnapshot);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (value) return undefined;
    let live = true;
    config.load().catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [config, value, attempt]);
  if (value) return { status: 'ready', payments: value.payments };
  if (failed) {
    return {
      status: 'failed',
      retry: () => {
        setFailed(false);
        setAttempt((n) => n + 1);
      },
    };
  }
  return { status: 'loading' };
}
