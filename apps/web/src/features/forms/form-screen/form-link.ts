import { useParams, useSearchParams } from 'react-router';

/** The form a link opens, and the visit or follow-up it is for. */
export interface FormLink {
  shortId: string;
  appointmentId: string | null;
  followUpId: string | null;
  treatmentShortId: string | null;
}

/** Spec 02 §2 query names, both spellings (/forms and /henryForms). */
export function useFormLink(): FormLink {
  const { formId = '' } = useParams();
  const [params] = useSearchParams();
  return {
    shortId: formId,
    appointmentId: params.get('appointment_id') ?? params.get('appointmentId'),
    followUpId: params.get('follow_up_id') ?? params.get('followupId'),
    treatmentShortId: params.get('treatment_short_id') ?? params.get('treatment'),
  };
}
