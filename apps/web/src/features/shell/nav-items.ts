import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { PATHS } from '../../lib/routes';

export interface NavItem {
  to: string;
  labelKey: string;
  /** Show the unread-messages badge on this item. */
  badge?: boolean;
}

/** Spec 01 §2: Home, Appointments, Prescriptions, and Messages only with one-way-messaging. */
export function useNavItems(): NavItem[] {
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  return [
    { to: PATHS.home, labelKey: 'nav.home' },
    { to: PATHS.appointments, labelKey: 'nav.appointments' },
    { to: PATHS.prescriptions, labelKey: 'nav.prescriptions' },
    ...(messaging ? [{ to: PATHS.messages, labelKey: 'nav.messages', badge: true }] : []),
  ];
}
