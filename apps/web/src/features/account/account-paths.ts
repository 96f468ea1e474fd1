import { EXTERNAL_LINKS } from '../../lib/links';

export const ACCOUNT_PATHS = {
  profile: '/profile',
  manageAccount: '/manage-account',
  shipping: '/shipping',
  billingAddress: '/billing-address',
  notificationPreferences: '/notification-preferences',
} as const;

/**
 * Where each account module of GetSduiModules leads (spec 02 §2); unknown names are skipped.
 * `support-center` is not here: it opens the help center (SUPPORT_URL, from /config.json at
 * run time) as the account menu's item does, and is left out where none is configured.
 */
export const ACCOUNT_MODULE_LINKS: Record<string, { to: string; external?: boolean }> = {
  'my-profile': { to: ACCOUNT_PATHS.manageAccount },
  labs: { to: '/labs' },
  'billing-and-plan': { to: '/billing' },
  'shipping-address': { to: ACCOUNT_PATHS.shipping },
  'notification-preferences': { to: ACCOUNT_PATHS.notificationPreferences },
  // A getter: the link comes from /config.json at run time, after this module loads.
  privacy: {
    get to() {
      return EXTERNAL_LINKS.privacy;
    },
    external: true,
  },
};

/**
 * Screens the module list shows after a module of the spec's list: the billing address
 * (spec 02 §1 account settings) sits under "Billing and plan", whichever list the server sends.
 */
export const ACCOUNT_MODULE_EXTRAS: Record<string, { key: string; to: string }[]> = {
  'billing-and-plan': [{ key: 'billing-address', to: ACCOUNT_PATHS.billingAddress }],
};
