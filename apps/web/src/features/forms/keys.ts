/** Query keys of the forms area. */
export const FORMS_KEY = ['forms'] as const;
export const formDefinitionKey = (shortId: string) =>
  [...FORMS_KEY, 'definition', shortId] as const;
export const formPrefillKey = (shortId: string) => [...FORMS_KEY, 'prefill', shortId] as const;
export const formResponsesKey = (
  shortId: string,
  appointmentId: string | null,
  followUpId: string | null,
) => [...FORMS_KEY, 'responses', shortId, appointmentId, followUpId] as const;
