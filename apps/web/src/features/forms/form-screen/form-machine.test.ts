import type { AnswerMap, FormDefinition } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import type { FormResponse } from '../use-form-responses';
import {
  formReducer,
  initialFormState,
  pageErrors,
  pageView,
  type FormEvent,
  type FormState,
} from './form-machine';

// The forms screen's state machine (issue 15, issue 38): where a form opens, how pages follow
// the answers' branches, what a refused or failed page keeps, files going up and coming off,
// and the end once the last page is in.

/** Three pages; the second shows only to someone who takes medication. */
const DEFINITION: FormDefinition = {
  resourceType: 'Questionnaire',
  url: 'https://portal.example/fhir/Questionnaire/machine',
  version: '1',
  name: 'machine',
  status: 'active',
  item: [
    {
      linkId: 'start',
      text: 'Start',
      type: 'group',
      item: [
        { linkId: 'name', text: 'Name', type: 'string', required: true },
        { linkId: 'takes-meds', text: 'Do you take medication?', type: 'boolean', required: true },
      ],
    },
    {
      linkId: 'meds',
      text: 'Medication',
      type: 'group',
      enableWhen: [{ question: 'takes-meds', operator: '=', answerBoolean: true }],
      item: [{ linkId: 'med-list', text: 'Which ones?', type: 'text', required: true }],
    },
    {
      linkId: 'end',
      text: 'End',
      type: 'group',
      item: [
        { linkId: 'notes', text: 'Anything else?', type: 'text' },
        { linkId: 'labs', text: 'Lab results', type: 'attachment' },
        { linkId: 'scan', text: 'A scan', type: 'attachment' },
      ],
    },
  ],
};

const RESPONSE = { id: 'resp-1', status: 'completed' } as FormResponse;

function start(
  answers: AnswerMap = new Map(),
  open: { id: string; resume_page: string } | null = null,
) {
  return initialFormState({ definition: DEFINITION, answers, open });
}

function run(state: FormState, ...events: FormEvent[]): FormState {
  return events.reduce(formReducer, state);
}

const answered = (linkId: string, value: string | boolean): FormEvent => ({
  type: 'answered',
  linkId,
  answers: [typeof value === 'boolean' ? { valueBoolean: value } : { valueString: value }],
});

const pageOf = (state: FormState) => pageView(state)?.page.linkId;

describe('where the form opens', () => {
  it('opens a new form on its first page with nothing saved', () => {
    const state = start();
    expect(state.step).toEqual({ name: 'page', index: 0 });
    expect(state.responseId).toBeNull();
  });

  it('opens an open response at the page after the last one saved, and saves onto it', () => {
    const state = start(new Map([['takes-meds', [{ valueBoolean: false }]]]), {
      id: 'resp-1',
      resume_page: 'end',
    });
    expect(pageOf(state)).toBe('end');
    expect(state.responseId).toBe('resp-1');
  });

  it('opens on the first page when the page to resume is not in the form', () => {
    expect(pageOf(start(new Map(), { id: 'resp-1', resume_page: 'gone' }))).toBe('start');
  });
});

describe('pages follow the answers', () => {
  it('counts only the pages the answers show, and the last shown page submits', () => {
    const no = run(start(), answered('takes-meds', false));
    expect(pageView(no)).toMatchObject({ position: 1, total: 2, isLast: false });
    const yes = run(start(), answered('takes-meds', true));
    expect(pageView(yes)).toMatchObject({ position: 1, total: 3, isLast: false });
    const atEnd = run(no, { type: 'pageSaved', id: 'resp-1' });
    expect(pageView(atEnd)).toMatchObject({ position: 2, total: 2, isLast: true });
  });

  it('a saved page moves to the next page the answers show, skipping the others', () => {
    const state = run(start(), answered('name', 'Robin'), answered('takes-meds', false), {
      type: 'pageSaved',
      id: 'resp-1',
    });
    expect(pageOf(state)).toBe('end');
    expect(state.responseId).toBe('resp-1');
  });

  it('the branch page opens when the answer asks for it, and Back returns through it', () => {
    const state = run(start(), answered('takes-meds', true), { type: 'pageSaved', id: 'r' });
    expect(pageOf(state)).toBe('meds');
    const end = run(state, { type: 'pageSaved', id: 'r' });
    expect(pageOf(end)).toBe('end');
    expect(pageOf(run(end, { type: 'back' }))).toBe('meds');
  });

  it('Back skips a page the answers no longer show, and stays on the first page', () => {
    const end = run(
      start(),
      answered('takes-meds', true),
      { type: 'pageSaved', id: 'r' },
      {
        type: 'pageSaved',
        id: 'r',
      },
    );
    const changed = run(end, answered('takes-meds', false), { type: 'back' });
    expect(pageOf(changed)).toBe('start');
    expect(run(changed, { type: 'back' }).step).toEqual(changed.step);
  });

  it('an emptied answer is forgotten', () => {
    const state = run(start(), answered('name', 'Robin'), {
      type: 'answered',
      linkId: 'name',
      answers: [],
    });
    expect(state.answers.has('name')).toBe(false);
  });
});

describe('a page is checked before it is sent', () => {
  it("names each of the open page's questions that breaks the rules, and none of other pages", () => {
    expect(pageErrors(start(), 'start')).toEqual({
      name: 'forms.required',
      'takes-meds': 'forms.required',
    });
    expect(pageErrors(run(start(), answered('takes-meds', true)), 'meds')).toEqual({
      'med-list': 'forms.required',
    });
  });

  it('has nothing to say about a page whose answers hold', () => {
    const state = run(start(), answered('name', 'Robin'), answered('takes-meds', false));
    expect(pageErrors(state, 'start')).toBeNull();
  });

  it('a refused page shows its errors and stays; an accepted page clears them', () => {
    const refused = run(start(), { type: 'pageRefused', errors: { name: 'forms.required' } });
    expect(refused.errors).toEqual({ name: 'forms.required' });
    expect(refused.step).toEqual({ name: 'page', index: 0 });
    expect(run(refused, { type: 'pageAccepted' }).errors).toEqual({});
  });

  it("a failed save shows the server's field errors and stays on the page", () => {
    const state = run(start(), { type: 'saveFailed', errors: { name: 'forms.pattern' } });
    expect(state.errors).toEqual({ name: 'forms.pattern' });
    expect(pageOf(state)).toBe('start');
  });
});

describe('files', () => {
  const atEnd = () =>
    run(start(), answered('takes-meds', false), { type: 'pageSaved', id: 'resp-1' });
  const attached = [{ valueAttachment: { id: 'doc-1', title: 'labs.pdf' } }];

  it('a chosen file clears its question error, then shows as the server stored it', () => {
    const failed = run(atEnd(), {
      type: 'fileFailed',
      linkId: 'labs',
      action: 'upload',
      error: 'forms.attachment.type',
    });
    const uploading = run(failed, { type: 'fileStarted', linkId: 'labs', action: 'upload' });
    expect(uploading.uploading).toBe('labs');
    expect(uploading.errors).toEqual({});
    const done = run(uploading, {
      type: 'fileDone',
      linkId: 'labs',
      action: 'upload',
      answers: attached,
    });
    expect(done.uploading).toBeNull();
    expect(done.answers.get('labs')).toEqual(attached);
  });

  it('an upload and a removal of another question run side by side', () => {
    const both = run(
      atEnd(),
      { type: 'fileStarted', linkId: 'labs', action: 'upload' },
      { type: 'fileStarted', linkId: 'scan', action: 'remove' },
    );
    expect([both.uploading, both.removing]).toEqual(['labs', 'scan']);
    const removed = run(both, { type: 'fileDone', linkId: 'scan', action: 'remove', answers: [] });
    expect([removed.uploading, removed.removing]).toEqual(['labs', null]);
    expect(removed.answers.has('scan')).toBe(false);
  });

  it('a refused file keeps the question as it was and says why', () => {
    const state = run(
      atEnd(),
      { type: 'fileStarted', linkId: 'labs', action: 'upload' },
      { type: 'fileFailed', linkId: 'labs', action: 'upload', error: 'forms.uploadFailed' },
    );
    expect(state.uploading).toBeNull();
    expect(state.errors).toEqual({ labs: 'forms.uploadFailed' });
    expect(state.answers.has('labs')).toBe(false);
  });

  it("the first file of a new form starts the response the form's saves go to", () => {
    expect(run(start(), { type: 'responseStarted', id: 'resp-9' }).responseId).toBe('resp-9');
  });
});

describe('the end', () => {
  it('the submitted response ends the form; Back and page events no longer move it', () => {
    const done = run(start(), { type: 'submitted', response: RESPONSE });
    expect(done.step).toEqual({ name: 'done', response: RESPONSE });
    expect(pageView(done)).toBeNull();
    expect(run(done, { type: 'back' }, { type: 'pageSaved', id: 'x' }).step).toBe(done.step);
  });
});
