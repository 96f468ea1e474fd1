// Spec 01 §7: the support form link opens the help center's new-request page with prefilled
// requester email, name, birth date, category, subject, description and a source tag.
export const SUPPORT_SOURCE_TAG = 'patient_portal';

export interface SupportPrefill {
  email?: string | null | undefined;
  name?: string | null | undefined;
  birthDate?: string | null | undefined;
  category?: string | null | undefined;
  subject?: string | null | undefined;
  description?: string | null | undefined;
}

export function buildSupportRequestUrl(supportUrl: string, prefill: SupportPrefill): string {
  const url = new URL(supportUrl, window.location.origin);
  const fields: [string, string | null | undefined][] = [
    ['requester_email', prefill.email],
    ['requester_name', prefill.name],
    ['birth_date', prefill.birthDate],
    ['category', prefill.category],
    ['subject', prefill.subject],
    ['description', prefill.description],
  ];
  for (const [name, value] of fields) {
    if (value) url.searchParams.set(name, value);
  }
  url.searchParams.set('source', SUPPORT_SOURCE_TAG);
  return url.toString();
}
