// Paths the app links to, in one place (spec 01 §2, spec 02 §2).
export const PATHS = {
  home: '/',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailVerification: '/email-verification',
  userAction: '/user-action',
  refresh: '/refresh',
  appointments: '/appointments',
  bookAppointment: '/book-appointment',
  messages: '/messages',
  prescriptions: '/prescriptions',
  /** My Account: the profile with the account modules (spec 02 §2 breadcrumbs start here). */
  profile: '/profile',
  manageAccount: '/manage-account',
  billing: '/billing',
} as const;

/** Where sign-in should return to; only same-origin paths are accepted. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

export function signInPathFor(returnTo: string): string {
  return returnTo === '/' ? '/' : `/?returnTo=${encodeURIComponent(returnTo)}`;
}
