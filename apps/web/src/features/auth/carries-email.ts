/**
 * On the sign-in page's links that carry the typed email to the next page (forgot password,
 * create account). Issue 46: the page is pre-rendered, and until the app takes it over these
 * are plain links without it; sign-in.html's head script adds the typed email on a click then,
 * as the app does once it runs.
 */
export const CARRIES_EMAIL_ATTRIBUTE = 'data-carries-email';

/** Spread on such a link. */
export const carriesEmail = { [CARRIES_EMAIL_ATTRIBUTE]: true } as const;
