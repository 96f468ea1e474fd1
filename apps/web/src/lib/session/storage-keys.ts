// Every key the app keeps in web storage, in one place, so /refresh and logout know them.
export const STORAGE_KEYS = {
  session: 'portal.session',
  authEvent: 'portal.auth-event',
  greetingIndex: 'portal.greeting-index',
  flagOverrides: 'portal.flag-overrides',
  chunkReloadAt: 'portal.chunk-reload-at',
  dismissedVersion: 'portal.dismissed-version',
  language: 'portal.language',
} as const;
