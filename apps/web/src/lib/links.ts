// External pages of the provider (spec 02 §2: treatments page, terms, privacy, ADA page).
// Set per deployment through VITE_* variables at build time; the defaults are placeholders.
function url(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : fallback;
}

const env = import.meta.env;

export const EXTERNAL_LINKS = {
  treatments: url(env.VITE_TREATMENTS_URL, 'https://example.com/treatments'),
  accessibility: url(env.VITE_ACCESSIBILITY_URL, 'https://example.com/accessibility'),
  terms: url(env.VITE_TERMS_URL, 'https://example.com/terms'),
  privacy: url(env.VITE_PRIVACY_URL, 'https://example.com/privacy'),
  bulkTerms: url(env.VITE_BULK_TERMS_URL, 'https://example.com/bulk-terms'),
} as const;
