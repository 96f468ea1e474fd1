import {
  LOADING_FORM_SUPPORT_PROMPT_MS,
  answersOf,
  enabledItems,
  formBmi,
  formPages,
  pageOf,
  validateAnswers,
  withCalculated,
  type AnswerMap,
  type FormDefinition,
  type QuestionnaireResponse,
  type QuestionnaireResponseItemAnswer,
} from '@portal/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { ContactSupportDialog } from '../../components/support/contact-support-dialog';
import { fieldErrorsOf } from '../../lib/api/error-code';
import { PATHS } from '../../lib/routes';
import { fromInputs, pageInputs } from './answer-state';
import { AttachmentItem } from './attachment-item';
import { FormItem } from './form-item';
import { AttachmentError, useAttachFormFile } from './use-attach-form-file';
import { useFormDefinition } from './use-form-definition';
import { useFormPrefill } from './use-form-prefill';
import { useFormResponses, type FormResponse } from './use-form-responses';
import { useRemoveFormFile } from './use-remove-form-file';
import { useSaveFormPage } from './use-save-form-page';
import { useSubmitForm } from './use-submit-form';

/** Spec 02 §2 query names, both spellings (/forms and /henryForms). */
function useFormContext() {
  const { formId = '' } = useParams();
  const [params] = useSearchParams();
  return {
    shortId: formId,
    appointmentId: params.get('appointment_id') ?? params.get('appointmentId'),
    followUpId: params.get('follow_up_id') ?? params.get('followupId'),
    treatmentShortId: params.get('treatment_short_id') ?? params.get('treatment'),
  };
}

/** Spec 02 §4: after 30 seconds of loading, a prompt to contact support. */
function LoadingForm() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  const [contact, setContact] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_FORM_SUPPORT_PROMPT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('forms.loading')}>
      <Skeleton variant="text" width="60%" height={40} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="rounded" height={56} sx={{ my: 2 }} />
          <Skeleton variant="rounded" height={56} />
        </CardContent>
      </Card>
      {slow ? (
        <Alert
          severity="info"
          action={<Button onClick={() => setContact(true)}>{t('forms.contactSupport')}</Button>}
        >
          {t('forms.slowLoading')}
        </Alert>
      ) : null}
      <ContactSupportDialog
        open={contact}
        onClose={() => setContact(false)}
        category="forms"
        code={null}
      />
    </Stack>
  );
}

function Outcome({ response, kind }: { response: FormResponse; kind: string }) {
  const { t } = useTranslation();
  const outcome = response.outcome;
  // A check-in is not tied to a visit: its thank-you says what happens to the answers instead.
  const message =
    outcome?.level === 'review'
      ? t('forms.done.review')
      : kind === 'check_in'
        ? t('forms.done.checkIn')
        : t('forms.done.message');
  return (
    <Stack spacing={2}>
      {outcome?.level === 'urgent' ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('forms.urgent.title')}</AlertTitle>
          {t('forms.urgent.message')}
        </Alert>
      ) : null}
      <StatusCard
        title={t('forms.done.title')}
        message={message}
        action={
          <Button variant="contained" component={RouterLink} to={PATHS.home}>
            {t('forms.done.home')}
          </Button>
        }
      />
      {outcome && outcome.guidance.length > 0 ? (
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('forms.guidance.title')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {outcome.guidance.map((g) => (
                <li key={g}>
                  <Typography>{t(`forms.guidance.${g}`)}</Typography>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}

function FormPages({
  kind,
  definition,
  initial,
  open,
  context,
}: {
  kind: string;
  definition: FormDefinition;
  initial: AnswerMap;
  open: FormResponse | null;
  context: ReturnType<typeof useFormContext>;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const pages = formPages(definition);
  const startAt = Math.max(
    0,
    pages.findIndex((p) => p.linkId === open?.resume_page),
  );
  const [index, setIndex] = useState(startAt);
  const [answers, setAnswers] = useState<AnswerMap>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [responseId, setResponseId] = useState<string | null>(open?.id ?? null);
  const [completed, setCompleted] = useState<FormResponse | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const save = useSaveFormPage();
  const submit = useSubmitForm();
  const attach = useAttachFormFile();
  const remove = useRemoveFormFile();
  const [uploading, setUploading] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const shown = enabledItems(definition, answers);
  const visiblePages = pages.filter((p) => shown.get(p.linkId));
  const page = pages[index];
  useEffect(() => heading.current?.focus(), [index]);
  if (completed) return <Outcome response={completed} kind={kind} />;
  const setAnswer = (linkId: string, list: QuestionnaireResponseItemAnswer[]) =>
    setAnswers((current) => {
      const next = new Map(current);
      if (list.length === 0) next.delete(linkId);
      else next.set(linkId, list);
      return next;
    });
  // An attachment is uploaded as soon as it is chosen, onto the open response (started here
  // when this is its first save), and shown as the server stored it.
  const onFile = async (linkId: string, file: File) => {
    setUploading(linkId);
    setErrors(({ [linkId]: _dropped, ...rest }) => rest);
    try {
      let id = responseId;
      if (!id) {
        id = (await save.mutateAsync({ ...context, page: null, answers: [] })).id;
        setResponseId(id);
      }
      const view = await attach.mutateAsync({ formId: id, linkId, file });
      setAnswer(
        linkId,
        answersOf(JSON.parse(view.response) as QuestionnaireResponse).get(linkId) ?? [],
      );
    } catch (error) {
      const key =
        error instanceof AttachmentError
          ? error.key
          : (Object.values(fieldErrorsOf(error))[0] ?? 'forms.uploadFailed');
      setErrors((current) => ({ ...current, [linkId]: key }));
    } finally {
      setUploading(null);
    }
  };
  // A removed file is deleted on the server at once, not kept until the form is submitted.
  const onRemove = async (linkId: string) => {
    setRemoving(linkId);
    setErrors(({ [linkId]: _dropped, ...rest }) => rest);
    try {
      if (responseId) {
        const view = await remove.mutateAsync({ formId: responseId, linkId });
        setAnswer(
          linkId,
          answersOf(JSON.parse(view.response) as QuestionnaireResponse).get(linkId) ?? [],
        );
      } else setAnswer(linkId, []);
    } catch (error) {
      setErrors((current) => ({
        ...current,
        [linkId]: Object.values(fieldErrorsOf(error))[0] ?? 'forms.removeFailed',
      }));
    } finally {
      setRemoving(null);
    }
  };
  if (!page) return null;
  const isLast = visiblePages.at(-1)?.linkId === page.linkId;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const issues = validateAnswers(definition, withCalculated(definition, answers), {
      complete: true,
    }).filter((i) => pageOf(definition, i.linkId) === page.linkId);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [i.linkId, i.code])));
      return;
    }
    setErrors({});
    const inputs = pageInputs(definition, answers, page.linkId, shown);
    try {
      let id = responseId;
      if (!isLast || !id) {
        const saved = await save.mutateAsync({ ...context, page: page.linkId, answers: inputs });
        id = saved.id;
        setResponseId(id);
      }
      if (isLast) {
        setCompleted(await submit.mutateAsync({ id, page: page.linkId, answers: inputs }));
        return;
      }
      const next = pages.findIndex((p, i) => i > index && shown.get(p.linkId));
      setIndex(next === -1 ? index : next);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      showAlert({ code: 'A103' });
    }
  };
  const back = () => {
    const previous = pages
      .map((p, i) => ({ p, i }))
      .filter(({ p, i }) => i < index && shown.get(p.linkId))
      .at(-1);
    if (previous) setIndex(previous.i);
  };
  const position = visiblePages.findIndex((p) => p.linkId === page.linkId) + 1;
  const busy = save.isPending || submit.isPending || uploading !== null || removing !== null;
  const bmi = formBmi(answers);

  return (
    <Card
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="form-page-title"
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" variant="body2">
          {t('forms.step', { current: position, total: visiblePages.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(position / Math.max(visiblePages.length, 1)) * 100}
          aria-hidden
          sx={{ my: 1, borderRadius: 1 }}
        />
        <Typography
          id="form-page-title"
          ref={heading}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: '1.375rem', mb: 2, outline: 'none' }}
        >
          {page.text}
        </Typography>
        <Stack spacing={3}>
          {(page.item ?? [])
            .filter((item) => shown.get(item.linkId))
            .map((item) =>
              item.type === 'attachment' ? (
                <AttachmentItem
                  key={item.linkId}
                  item={item}
                  answers={answers.get(item.linkId) ?? []}
                  error={errors[item.linkId] ?? null}
                  uploading={uploading === item.linkId}
                  removing={removing === item.linkId}
                  onFile={(file) => void onFile(item.linkId, file)}
                  onRemove={() => void onRemove(item.linkId)}
                />
              ) : (
                <FormItem
                  key={item.linkId}
                  item={item}
                  answers={answers.get(item.linkId) ?? []}
                  error={errors[item.linkId] ?? null}
                  calculated={bmi}
                  onChange={(list) => setAnswer(item.linkId, list)}
                />
              ),
            )}
        </Stack>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            mt: 4,
            flexDirection: { xs: 'column-reverse', sm: 'row' },
          }}
        >
          {position > 1 ? (
            <Button
              variant="outlined"
              size="large"
              onClick={back}
              disabled={busy}
              sx={{ flex: { sm: '0 0 160px' } }}
            >
              {t('forms.back')}
            </Button>
          ) : null}
          <SubmitButton loading={busy}>{isLast ? t('forms.submit') : t('forms.next')}</SubmitButton>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /forms/{formId} and /henryForms/{formId} (spec 02 §2, issue 15): a form one page at a time;
 * each page is saved as the customer moves on, so it resumes on any device; the last page
 * submits it. F101 when it cannot load, A103 when answers cannot be saved.
 */
export function FormScreen() {
  const { t } = useTranslation();
  const context = useFormContext();
  const { showAlert } = useAlerts();
  const definition = useFormDefinition(context.shortId);
  const prefill = useFormPrefill(context.shortId);
  const responses = useFormResponses(context.shortId, context.appointmentId, context.followUpId);
  const failed = definition.isError || responses.isError;
  useEffect(() => {
    if (failed) showAlert({ code: 'F101' });
  }, [failed, showAlert]);

  const title = definition.data?.title;
  const ready = definition.data && responses.data && (prefill.data || prefill.isError);
  const open = responses.data?.find((r) => r.status === 'in-progress') ?? null;
  const done = !open ? (responses.data?.find((r) => r.status === 'completed') ?? null) : null;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title ?? t('forms.title')}
      </Typography>
      {failed ? (
        <StatusCard title={t('forms.errorTitle')} message={t('forms.errorMessage')} />
      ) : !ready || !definition.data ? (
        <LoadingForm />
      ) : done ? (
        <Outcome response={done} kind={definition.data.kind} />
      ) : (
        <FormPages
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
          context={context}
        />
      )}
    </>
  );
}
