import { EXTERNAL_LINKS } from '../../lib/links';

export const ACCOUNT_PATHS = {
  profile: '/profile',
  manageAccount: '/manage-account',
  shipping: '/shipping',
  notificationPreferences: '/notification-preferences',
} as const;

/** Where each account module of GetSduiModules leads (spec 02 §2); unknown names are skipped. */
export const ACCOUNT_MODULE_LINKS: Record<string, { to: string; external?: boolean }> = {
  'my-profile': { to: ACCOUNT_PATHS.manageAccount },
  labs: { to: '/labs' },
  'billing-and-plan': { to: '/billing' },
  'shipping-address': { to: ACCOUNT_PATHS.shipping },
  'notification-preferences': { to: ACCOUNT_PATHS.notificationPreferences },
  'support-center': { to: '/messages' },
  privacy: { to: EXTERNAL_LINKS.privacy, external: true },
};
