import {
  enabledItems,
  formPages,
  pageOf,
  validateAnswers,
  withCalculated,
  type AnswerMap,
  type FormDefinition,
  type QuestionnaireItem,
  type QuestionnaireResponseItemAnswer,
} from '@portal/domain';
import type { FormResponse } from '../use-form-responses';

// The form's steps as a pure state machine (STYLE.md rule 4): which page is open, the answers as
// the response holds them, each question's error (an i18n key), the response the saves go to,
// the questions whose file is going up or coming off, and the submitted response once the last
// page is in. The screen runs the requests and reports each outcome as an event.

type Answers = QuestionnaireResponseItemAnswer[];
type Errors = Record<string, string>;

export type FormStep = { name: 'page'; index: number } | { name: 'done'; response: FormResponse };

export interface FormState {
  definition: FormDefinition;
  step: FormStep;
  answers: AnswerMap;
  errors: Errors;
  /** The open response the saves go to; null until the first save starts one. */
  responseId: string | null;
  /** The question whose file is being uploaded. */
  uploading: string | null;
  /** The question whose file is being taken off (and deleted on the server). */
  removing: string | null;
}

type FileAction = 'upload' | 'remove';

export type FormEvent =
  | { type: 'answered'; linkId: string; answers: Answers }
  /** A file was chosen for a question, or is being taken off it. */
  | { type: 'fileStarted'; linkId: string; action: FileAction }
  /** The question's answers once the file went up or came off. */
  | { type: 'fileDone'; linkId: string; action: FileAction; answers: Answers }
  | { type: 'fileFailed'; linkId: string; action: FileAction; error: string }
  /** A save started (or found) the open response. */
  | { type: 'responseStarted'; id: string }
  /** The page's answers break the form's rules: nothing is sent. */
  | { type: 'pageRefused'; errors: Errors }
  | { type: 'pageAccepted' }
  /** The page was saved: on to the next page the answers show. */
  | { type: 'pageSaved'; id: string }
  | { type: 'submitted'; response: FormResponse }
  /** A save or the submit failed: the server's field errors, if any. */
  | { type: 'saveFailed'; errors: Errors }
  | { type: 'back' };

/** The machine's start: the page after the last one saved (the first page when none was). */
export function initialFormState({
  definition,
  answers,
  open,
}: {
  definition: FormDefinition;
  answers: AnswerMap;
  open: Pick<FormResponse, 'id' | 'resume_page'> | null;
}): FormState {
  const index = formPages(definition).findIndex((p) => p.linkId === open?.resume_page);
  return {
    definition,
    step: { name: 'page', index: Math.max(0, index) },
    answers,
    errors: {},
    responseId: open?.id ?? null,
    uploading: null,
    removing: null,
  };
}

function withAnswer(answers: AnswerMap, linkId: string, list: Answers): AnswerMap {
  const next = new Map(answers);
  if (list.length === 0) next.delete(linkId);
  else next.set(linkId, list);
  return next;
}

function withoutError(errors: Errors, linkId: string): Errors {
  const { [linkId]: _dropped, ...rest } = errors;
  return rest;
}

/** The state's slot for a file action: an upload and a removal can run side by side. */
const slot = (action: FileAction) => (action === 'upload' ? 'uploading' : 'removing');

/** The index of the nearest page in `direction` that the answers show, if there is one. */
function nearestShownPage(state: FormState, from: number, direction: 1 | -1): number | undefined {
  const pages = formPages(state.definition);
  const shown = enabledItems(state.definition, state.answers);
  for (let i = from + direction; i >= 0 && i < pages.length; i += direction) {
    const page = pages[i];
    if (page && shown.get(page.linkId)) return i;
  }
  return undefined;
}

export function formReducer(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case 'answered':
      return { ...state, answers: withAnswer(state.answers, event.linkId, event.answers) };
    case 'fileStarted':
      return {
        ...state,
        [slot(event.action)]: event.linkId,
        errors: withoutError(state.errors, event.linkId),
      };
    case 'fileDone':
      return {
        ...state,
        [slot(event.action)]: null,
        answers: withAnswer(state.answers, event.linkId, event.answers),
      };
    case 'fileFailed':
      return {
        ...state,
        [slot(event.action)]: null,
        errors: { ...state.errors, [event.linkId]: event.error },
      };
    case 'responseStarted':
      return { ...state, responseId: event.id };
    case 'pageRefused':
      return { ...state, errors: event.errors };
    case 'pageAccepted':
      return { ...state, errors: {} };
    case 'pageSaved': {
      if (state.step.name !== 'page') return state;
      const next = nearestShownPage(state, state.step.index, 1) ?? state.step.index;
      return { ...state, responseId: event.id, step: { name: 'page', index: next } };
    }
    case 'submitted':
      return { ...state, step: { name: 'done', response: event.response } };
    case 'saveFailed':
      return { ...state, errors: event.errors };
    case 'back': {
      if (state.step.name !== 'page') return state;
      const previous = nearestShownPage(state, state.step.index, -1);
      return previous === undefined ? state : { ...state, step: { name: 'page', index: previous } };
    }
  }
}

/** What the open page shows: its questions, where it sits among the shown pages, the buttons. */
export interface PageView {
  page: QuestionnaireItem;
  /** The questions the answers show, in order. */
  items: QuestionnaireItem[];
  shown: Map<string, boolean>;
  /** 1-based, among the pages the answers show. */
  position: number;
  total: number;
  isLast: boolean;
}

export function pageView(state: FormState): PageView | null {
  if (state.step.name !== 'page') return null;
  const pages = formPages(state.definition);
  const page = pages[state.step.index];
  if (!page) return null;
  const shown = enabledItems(state.definition, state.answers);
  const visible = pages.filter((p) => shown.get(p.linkId));
  return {
    page,
    items: (page.item ?? []).filter((item) => shown.get(item.linkId)),
    shown,
    position: visible.findIndex((p) => p.linkId === page.linkId) + 1,
    total: visible.length,
    isLast: visible.at(-1)?.linkId === page.linkId,
  };
}

/**
 * The open page's problems by the form's rules (required answers, formats, branches) as each
 * question's error; null when the page can be sent.
 */
export function pageErrors(state: FormState, page: string): Errors | null {
  const issues = validateAnswers(
    state.definition,
    withCalculated(state.definition, state.answers),
    {
      complete: true,
    },
  ).filter((i) => pageOf(state.definition, i.linkId) === page);
  return issues.length > 0 ? Object.fromEntries(issues.map((i) => [i.linkId, i.code])) : null;
}
