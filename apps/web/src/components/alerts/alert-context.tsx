import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { reportClientError } from '../../lib/errors/report-error';
import { AlertStack } from './alert-stack';
import { resolveAlert, type AlertInput, type ShownAlert } from './resolve-alert';

interface AlertApi {
  showAlert: (input: AlertInput) => number;
  dismissAlert: (id: number) => void;
  clearAlerts: () => void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const nextId = useRef(1);

  const dismissAlert = useCallback((id: number) => {
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);

  const showAlert = useCallback(
    (input: AlertInput) => {
      const resolved = resolveAlert(input, (key) => i18n.exists(key));
      const id = nextId.current++;
      if (resolved.severity === 'error') {
        reportClientError({
          message: resolved.messageKey,
          code: resolved.code ?? input.code,
        });
      }
      setAlerts((current) => [
        // The same message twice reads as one: replace the older copy.
        ...current.filter(
          (alert) => !(alert.messageKey === resolved.messageKey && alert.code === resolved.code),
        ),
        { ...resolved, id },
      ]);
      return id;
    },
    [i18n],
  );

  const clearAlerts = useCallback(() => setAlerts([]), []);
  const api = useMemo(
    () => ({ showAlert, dismissAlert, clearAlerts }),
    [showAlert, dismissAlert, clearAlerts],
  );

  return (
    <AlertContext value={api}>
      {children}
      <AlertStack alerts={alerts} onDismiss={dismissAlert} />
    </AlertContext>
  );
}

export function useAlerts(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlerts outside AlertProvider');
  return api;
}
