import {
  answersOf,
  formBmi,
  type AnswerMap,
  type FormDefinition,
  type QuestionnaireResponse,
} from '@portal/domain';
import { useReducer } from 'react';
import { useAlerts } from '../../../components/alerts/alert-context';
import { fieldErrorsOf } from '../../../lib/api/error-code';
import { pageInputs } from '../answer-state';
import { AttachmentError, useAttachFormFile } from '../use-attach-form-file';
import type { FormResponse } from '../use-form-responses';
import { useRemoveFormFile } from '../use-remove-form-file';
import { useSaveFormPage } from '../use-save-form-page';
import { useSubmitForm } from '../use-submit-form';
import { DoneStep } from './done-step';
import type { FormLink } from './form-link';
import { formReducer, initialFormState, pageErrors, pageView } from './form-machine';
import { PageStep } from './page-step';

/** A question's answers in the response the server sent back. */
function answersIn(response: string, linkId: string) {
  return answersOf(JSON.parse(response) as QuestionnaireResponse).get(linkId) ?? [];
}

/**
 * The form's pages and its end, driven by the state machine (form-machine.ts): each page is
 * saved as the customer moves on, the last one submits the response.
 */
export function FormSteps({
  kind,
  definition,
  initial,
  open,
  link,
  onSubmitted,
}: {
  kind: string;
  definition: FormDefinition;
  initial: AnswerMap;
  open: FormResponse | null;
  link: FormLink;
  /** The submitted response, for the screen to show its result (FormScreen). */
  onSubmitted?: (response: FormResponse) => void;
}) {
  const { showAlert } = useAlerts();
  const [state, dispatch] = useReducer(
    formReducer,
    { definition, answers: initial, open },
    initialFormState,
  );
  const save = useSaveFormPage();
  const submit = useSubmitForm();
  const attach = useAttachFormFile();
  const remove = useRemoveFormFile();

  if (state.step.name === 'done') return <DoneStep response={state.step.response} kind={kind} />;
  const view = pageView(state);
  if (!view) return null;
  const { page, isLast } = view;

  // An attachment is uploaded as soon as it is chosen, onto the open response (started here
  // when this is its first save), and shown as the server stored it.
  const onFile = async (linkId: string, file: File) => {
    dispatch({ type: 'fileStarted', linkId, action: 'upload' });
    try {
      let id = state.responseId;
      if (!id) {
        id = (await save.mutateAsync({ ...link, page: null, answers: [] })).id;
        dispatch({ type: 'responseStarted', id });
      }
      const stored = await attach.mutateAsync({ formId: id, linkId, file });
      dispatch({
        type: 'fileDone',
        linkId,
        action: 'upload',
        answers: answersIn(stored.response, linkId),
      });
    } catch (error) {
      const key =
        error instanceof AttachmentError
          ? error.key
          : (Object.values(fieldErrorsOf(error))[0] ?? 'forms.uploadFailed');
      dispatch({ type: 'fileFailed', linkId, action: 'upload', error: key });
    }
  };

  // A removed file is deleted on the server at once, not kept until the form is submitted.
  const onRemove = async (linkId: string) => {
    dispatch({ type: 'fileStarted', linkId, action: 'remove' });
    try {
      const answers = state.responseId
        ? answersIn(
            (await remove.mutateAsync({ formId: state.responseId, linkId })).response,
            linkId,
          )
        : [];
      dispatch({ type: 'fileDone', linkId, action: 'remove', answers });
    } catch (error) {
      const key = Object.values(fieldErrorsOf(error))[0] ?? 'forms.removeFailed';
      dispatch({ type: 'fileFailed', linkId, action: 'remove', error: key });
    }
  };

  const onNext = async () => {
    const refused = pageErrors(state, page.linkId);
    if (refused) return dispatch({ type: 'pageRefused', errors: refused });
    dispatch({ type: 'pageAccepted' });
    const inputs = pageInputs(definition, state.answers, page.linkId, view.shown);
    try {
      let id = state.responseId;
      if (!isLast || !id) {
        id = (await save.mutateAsync({ ...link, page: page.linkId, answers: inputs })).id;
        if (!isLast) return dispatch({ type: 'pageSaved', id });
        dispatch({ type: 'responseStarted', id });
      }
      const response = await submit.mutateAsync({ id, page: page.linkId, answers: inputs });
      dispatch({ type: 'submitted', response });
      onSubmitted?.(response);
    } catch (error) {
      dispatch({ type: 'saveFailed', errors: fieldErrorsOf(error) });
      showAlert({ code: 'A103' });
    }
    return undefined;
  };

  return (
    <PageStep
      view={view}
      answers={state.answers}
      errors={state.errors}
      uploading={state.uploading}
      removing={state.removing}
      busy={
        save.isPending || submit.isPending || state.uploading !== null || state.removing !== null
      }
      bmi={formBmi(state.answers)}
      onAnswer={(linkId, answers) => dispatch({ type: 'answered', linkId, answers })}
      onFile={(linkId, file) => void onFile(linkId, file)}
      onRemove={(linkId) => void onRemove(linkId)}
      onBack={() => dispatch({ type: 'back' })}
      onNext={() => void onNext()}
    />
  );
}
