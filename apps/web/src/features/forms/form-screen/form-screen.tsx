import { answersOf, type FormDefinition, type QuestionnaireResponse } from '@portal/domain';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useAlerts } from '../../../components/alerts/alert-context';
import { StatusCard } from '../../../components/status-card';
import { useTranslation } from '../../../lib/i18n-react';
import { fromInputs } from '../answer-state';
import { useFormDefinition } from '../use-form-definition';
import { useFormPrefill } from '../use-form-prefill';
import { useFormResponses, type FormResponse } from '../use-form-responses';
import { DoneStep, UrgentGuidance } from './done-step';
import { FormSteps } from './form-steps';
import { useFormLink } from './form-link';
import { LoadingStep } from './loading-step';

/**
 * /forms/{formId} and /henryForms/{formId} (spec 02 §2, issue 15): a form one page at a time;
 * each page is saved as the customer moves on, so it resumes on any device; the last page
 * submits it. F101 when it cannot load, A103 when answers cannot be saved.
 */
export function FormScreen() {
  const { t } = useTranslation();
  const link = useFormLink();
  const { showAlert } = useAlerts();
  const definition = useFormDefinition(link.shortId);
  const prefill = useFormPrefill(link.shortId);
  const responses = useFormResponses(link.shortId, link.appointmentId, link.followUpId);
  const failed = definition.isError || responses.isError;
  useEffect(() => {
    if (failed) showAlert({ code: 'F101' });
  }, [failed, showAlert]);

  const title = definition.data?.title;
  const ready = definition.data && responses.data && (prefill.data || prefill.isError);
  const open = responses.data?.find((r) => r.status === 'in-progress') ?? null;
  // A check-in is taken again and again (issue 44: after a dose change, every four weeks):
  // an earlier one that is done does not end the form, as a visit's intake does.
  const repeatable = definition.data?.kind === 'check_in';
  const completed =
    !open && !repeatable ? (responses.data?.find((r) => r.status === 'completed') ?? null) : null;
  // The response submitted here, as soon as the server answers (before the list refetches).
  const [submitted, setSubmitted] = useState<FormResponse | null>(null);
  const done = submitted ?? completed;
  // Issue 44: an answer triaged urgent says what to do now before anything else, title included.
  const urgent = !failed && done?.outcome?.level === 'urgent';

  return (
    <>
      {urgent ? <UrgentGuidance /> : null}
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title ?? t('forms.title')}
      </Typography>
      {failed ? (
        <StatusCard title={t('forms.errorTitle')} message={t('forms.errorMessage')} />
      ) : !ready || !definition.data ? (
        <LoadingStep />
      ) : done ? (
        <DoneStep response={done} kind={definition.data.kind} urgentShown={urgent} />
      ) : (
        <FormSteps
          key={open?.id ?? 'new'}
          kind={definition.data.kind}
          definition={
            // An open response is shown with the version it is pinned to, not the newest.
            open
              ? (JSON.parse(open.definition.questionnaire) as FormDefinition)
              : definition.data.definition
          }
          initial={
            open
              ? answersOf(JSON.parse(open.response) as QuestionnaireResponse)
              : fromInputs(prefill.data ?? [])
          }
          open={open}
          link={link}
          onSubmitted={setSubmitted}
        />
      )}
    </>
  );
}
