import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildResponse,
  WM_INTAKE_V1,
  WM_INTAKE_V2,
  type FormDefinition,
  type QuestionnaireResponse,
} from '@portal/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequirements } from '../../db/schema/appointments';
import { documents } from '../../db/schema/files';
import { formDefinitions, formResponses } from '../../db/schema/forms';
import { customerNotifications } from '../../db/schema/notifications';
import {
  callerFor,
  codeOf,
  createScheduledProvider,
  createTreatment,
  insertAppointment,
  type Caller,
} from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';

// Forms (issue 15): page-by-page saves that resume anywhere, full re-validation on submit
// (required answers, branches, attachments), read-only once completed, pinned to url|version;
// a completed intake completes the appointment's requirement; the side-effect check-in raises
// a care task; the other customer reaches none of it.

let server: TestServer;
let staff: string;
let filesDir: string;
let providerId: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-forms-'));
  server = await startTestServer({ FILES_DIR: filesDir });
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
  const treatment = await createTreatment(server.database.db);
  providerId = (await createScheduledProvider(server.database.db, { treatmentIds: [treatment.id] }))
    .id;
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

interface Person {
  customerId: string;
  call: Caller;
}
async function person(): Promise<Person> {
  const made = await createCustomer(server.database.db);
  return { customerId: made.customer.id, call: callerFor(server, made) };
}

const FORM_FIELDS = `id short_id questionnaire status appointment_id last_page resume_page response
  definition { version } outcome { level rules guidance task }`;
interface Form {
  id: string;
  short_id: string;
  questionnaire: string;
  status: string;
  appointment_id: string | null;
  last_page: string | null;
  resume_page: string | null;
  response: string;
  definition: { version: string };
  outcome: { level: string; rules: string[]; guidance: string[]; task: string | null } | null;
}
const UPSERT = `mutation ($short: String!, $appointment: ID, $page: String, $answers: [FormAnswerInput!]!) {
  UpsertIntakeForm(form_short_id: $short, appointment_id: $appointment, page: $page, answers: $answers) {
    data { ${FORM_FIELDS} } name statusCode } }`;
const UPDATE = `mutation ($id: ID!, $page: String, $answers: [FormAnswerInput!]!, $complete: Boolean) {
  UpdateExistingForm(id: $id, page: $page, answers: $answers, complete: $complete) {
    data { ${FORM_FIELDS} } name } }`;
const READ = `query ($id: ID!) { intakeForm(id: $id) { ${FORM_FIELDS} } }`;
const SEARCH = `query ($short: String) { intakeSearches(short_id: $short) { ${FORM_FIELDS} } }`;
const INSERT_DOCUMENT = `mutation ($form: ID!, $link: String!, $doc: ID!) {
  InsertDocument(form_id: $form, link_id: $link, document_id: $doc) { data { ${FORM_FIELDS} } } }`;

const PAGES: Record<string, Record<string, unknown>[]> = {
  'about-you': [
    { linkId: 'first-name', valueString: 'Ana' },
    { linkId: 'last-name', valueString: 'Lopez' },
    { linkId: 'dob', valueDate: '1985-04-02' },
    { linkId: 'sex', valueCoding: 'male' },
  ],
  body: [
    { linkId: 'height-ft', valueInteger: 5 },
    { linkId: 'height-in', valueInteger: 10 },
    { linkId: 'weight-lb', valueDecimal: 200 },
  ],
  history: [
    { linkId: 'mtc', valueBoolean: false },
    { linkId: 'men2', valueBoolean: false },
    { linkId: 'pancreatitis', valueBoolean: false },
  ],
  medications: [
    { linkId: 'takes-medications', valueBoolean: false },
    { linkId: 'glp1-before', valueCoding: 'never' },
  ],
  goals: [{ linkId: 'goal-reasons', valueCoding: 'lose-weight' }],
};

const answersIn = (form: Form) =>
  (JSON.parse(form.response) as QuestionnaireResponse).item?.flatMap((g) =>
    (g.item ?? []).map((i) => [i.linkId, i.answer] as const),
  ) ?? [];

async function saveAll(who: Person, short: string, appointment?: string): Promise<Form> {
  let form: Form | undefined;
  for (const [page, answers] of Object.entries(PAGES)) {
    const res = await who.call<{ UpsertIntakeForm: { data: Form } }>(UPSERT, {
      short,
      appointment,
      page,
      answers,
    });
    expect(res.errors).toBeUndefined();
    form = res.data?.UpsertIntakeForm.data;
  }
  if (!form) throw new Error('no form');
  return form;
}

async function responseRow(id: string) {
  const [row] = await server.database.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.id, id));
  return row;
}

/** Signed URLs are same-origin paths (the page resolves them); here at the test server. */
const local = (url: string) => `${server.url}${url}`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');

/** Uploads bytes through a signed URL; returns the HTTP status and the new document id. */
async function upload(who: Person, category: string, fileName: string, bytes: Buffer) {
  const res = await who.call<{ signedUploadUrl: { uploadUrl: string | null } }>(
    `query ($c: UploadCategory!, $f: String!) { signedUploadUrl(category: $c, fileName: $f) { uploadUrl errorMessage } }`,
    { c: category, f: fileName },
  );
  const put = await fetch(local(res.data?.signedUploadUrl.uploadUrl ?? ''), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: bytes,
  });
  const body = (await put.json()) as { id?: string };
  return { status: put.status, id: body.id ?? '' };
}

async function documentCount(customerId: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.customerId, customerId));
  return row?.n ?? 0;
}

describe('the intake, page by page', () => {
  it('GetTypeformByShortId gives the newest version; an unknown form is F101', async () => {
    const a = await person();
    const res = await a.call<{
      getTypeformByShortId: { url: string; version: string; questionnaire: string };
    }>(`{ getTypeformByShortId(short_id: "wm-intake") { url version kind questionnaire } }`);
    expect(res.data?.getTypeformByShortId).toMatchObject({ url: WM_INTAKE_V2.url, version: '2' });
    const definition = JSON.parse(
      res.data?.getTypeformByShortId.questionnaire ?? '{}',
    ) as FormDefinition;
    expect(definition.item?.map((i) => i.linkId)).toEqual([
      'about-you',
      'body',
      'history',
      'medications',
      'goals',
    ]);
    expect(codeOf(await a.call(`{ getTypeformByShortId(short_id: "nope") { url } }`))).toBe('F101');
  });

  it("prefills the current medication from the customer's prescriptions (a cancelled one left out)", async () => {
    const a = await person();
    const PREFILL = `{ formPrefill(short_id: "wm-intake") { linkId answer } }`;
    const before = await a.call<{ formPrefill: { linkId: string }[] }>(PREFILL);
    expect(before.data?.formPrefill.map((p) => p.linkId)).not.toContain('medication-list');
    const kit = (kitName: string, internalType = 'medication') => ({
      catalogName: kitName,
      kitName,
      directions: 'Inject 10 units once a week',
      quantity: 1,
      strength: '2.5 mg/ml',
      form: 'vial',
      internalType,
    });
    for (const body of [
      { kits: [kit('Semaglutide'), kit('Syringes', 'supply')], notify: false },
      { kits: [kit('Tirzepatide')], status: 'cancelled', notify: false },
    ]) {
      const made = await staffCall(
        server,
        'POST',
        `/staff/customers/${a.customerId}/prescriptions`,
        staff,
        body,
      );
      expect(made.status).toBe(201);
    }
    const after = await a.call<{ formPrefill: { linkId: string; answer: string }[] }>(PREFILL);
    const byLink = Object.fromEntries(
      (after.data?.formPrefill ?? []).map((p) => [p.linkId, JSON.parse(p.answer) as unknown]),
    );
    expect(byLink['takes-medications']).toMatchObject({ valueBoolean: true });
    expect(byLink['medication-list']).toMatchObject({
      valueString: 'Semaglutide 2.5 mg/ml: Inject 10 units once a week',
    });
  });

  it('saves page by page, resumes after the last page saved on another device, calculates the BMI', async () => {
    const made = await createCustomer(server.database.db);
    const phone = callerFor(server, made);
    const laptop = callerFor(server, made);
    const first = await phone<{ UpsertIntakeForm: { data: Form } }>(UPSERT, {
      short: 'wm-intake',
      page: 'about-you',
      answers: PAGES['about-you'],
    });
    const id = first.data?.UpsertIntakeForm.data.id;
    await phone(UPSERT, { short: 'wm-intake', page: 'body', answers: PAGES.body });
    const found = await laptop<{ intakeSearches: Form[] }>(SEARCH, { short: 'wm-intake' });
    expect(found.data?.intakeSearches).toHaveLength(1);
    const resumed = found.data?.intakeSearches[0];
    expect(resumed).toMatchObject({
      id,
      status: 'in-progress',
      last_page: 'body',
      resume_page: 'history',
    });
    expect(resumed?.questionnaire).toBe(`${WM_INTAKE_V2.url}|2`);
    expect(Object.fromEntries(answersIn(resumed as Form))).toMatchObject({
      'first-name': [{ valueString: 'Ana' }],
      bmi: [{ valueDecimal: 28.7 }],
    });
  });

  it('refuses a missing required answer and a hidden-branch answer, and changes nothing', async () => {
    const a = await person();
    const form = await saveAll(a, 'wm-intake');
    const before = await responseRow(form.id);

    const missing = await a.call(UPDATE, {
      id: form.id,
      page: 'history',
      answers: PAGES.history?.filter((x) => x.linkId !== 'men2'),
      complete: true,
    });
    expect(codeOf(missing)).toBe('A103');
    expect(missing.errors?.[0]?.extensions).toMatchObject({ fields: { men2: 'forms.required' } });

    const hidden = await a.call(UPDATE, {
      id: form.id,
      page: 'history',
      answers: [...(PAGES.history ?? []), { linkId: 'pancreatitis-details', valueString: '2019' }],
    });
    expect(hidden.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { 'pancreatitis-details': 'forms.hidden' },
    });

    const outOfBounds = await a.call(UPDATE, {
      id: form.id,
      page: 'body',
      answers: [{ linkId: 'weight-lb', valueDecimal: 20 }],
    });
    expect(outOfBounds.errors?.[0]?.extensions).toMatchObject({
      fields: { 'weight-lb': 'forms.tooLow' },
    });

    expect(await responseRow(form.id)).toEqual(before);
  });

  it('a completed intake completes the appointment requirement and the notice, and is read-only', async () => {
    const made = await createCustomer(server.database.db);
    const a = { customerId: made.customer.id, call: callerFor(server, made) };
    const appointment = await insertAppointment(server.database.db, {
      customerId: a.customerId,
      providerId,
      start: new Date(Date.now() + 3 * 86_400_000),
      status: 'scheduled',
    });
    const [requirement] = await server.database.db
      .insert(appointmentRequirements)
      .values({ appointmentId: appointment.id, type: 'typeform_intake', link: '/forms/wm-intake' })
      .returning();
    const notice = await staffCall<{ id: string }>(
      server,
      'POST',
      `/staff/customers/${a.customerId}/notifications`,
      staff,
      {
        type: 'henryForms-intake',
        title: 'Complete your intake',
        status: 'requires_action',
      },
    );
    const form = await saveAll(a, 'wm-intake', appointment.id);
    expect(form.appointment_id).toBe(appointment.id);

    const done = await a.call<{ UpdateExistingForm: { data: Form; name: string } }>(UPDATE, {
      id: form.id,
      answers: [],
      complete: true,
    });
    expect(done.errors).toBeUndefined();
    expect(done.data?.UpdateExistingForm).toMatchObject({
      name: 'IntakeFormSubmitted',
      data: { status: 'completed', resume_page: null },
    });
    const [after] = await server.database.db
      .select()
      .from(appointmentRequirements)
      .where(eq(appointmentRequirements.id, requirement?.id ?? ''));
    expect(after?.completed).toBe(true);
    const [notification] = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.id, notice.body.id));
    expect(notification?.status).toBe('action_completed');

    const again = await a.call(UPDATE, { id: form.id, page: 'goals', answers: PAGES.goals });
    expect(codeOf(again)).toBe('A103');
    expect(again.errors?.[0]?.extensions).toMatchObject({ reason: 'completed' });
  });
});

describe('attachments', () => {
  it('an image or PDF is attached; a wrong type or an oversized file is refused and stores nothing', async () => {
    const a = await person();
    const form = await saveAll(a, 'wm-intake');
    const count0 = await documentCount(a.customerId);

    expect(
      (await upload(a, 'FormAttachment', 'labs.html', Buffer.from('<html></html>'))).status,
    ).toBe(415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    PDF.copy(big);
    expect((await upload(a, 'FormAttachment', 'big.pdf', big)).status).toBe(413);
    expect(await documentCount(a.customerId)).toBe(count0);

    const pdf = await upload(a, 'FormAttachment', 'labs.pdf', PDF);
    expect(pdf.status).toBe(201);
    const attached = await a.call<{ InsertDocument: { data: Form } }>(INSERT_DOCUMENT, {
      form: form.id,
      link: 'recent-labs',
      doc: pdf.id,
    });
    expect(attached.errors).toBeUndefined();
    const answer = Object.fromEntries(answersIn(attached.data?.InsertDocument.data as Form))[
      'recent-labs'
    ];
    expect(answer?.[0]?.valueAttachment).toMatchObject({
      id: pdf.id,
      contentType: 'application/pdf',
      size: PDF.byteLength,
    });

    // An attachment question takes files only; a file answer to a text question is refused.
    const wrongQuestion = await a.call(INSERT_DOCUMENT, {
      form: form.id,
      link: 'goal-notes',
      doc: pdf.id,
    });
    expect(wrongQuestion.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { 'goal-notes': 'forms.wrongType' },
    });
  });
});

const REMOVE_DOCUMENT = `mutation ($form: ID!, $link: String!) {
  RemoveDocument(form_id: $form, link_id: $link) { data { ${FORM_FIELDS} } } }`;

/** Where a document's bytes are kept (read while its row exists). */
async function storageKeyOf(documentId: string) {
  const [row] = await server.database.db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.key ?? '';
}
/** Whether the document's row and its stored bytes are still there. */
async function stored(documentId: string, key: string) {
  const [row] = await server.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.id, documentId));
  return { row: row !== undefined, onDisk: existsSync(path.join(filesDir, key)) };
}
/** Uploads a PDF and attaches it to the form's lab question; its id and storage key. */
async function attachPdf(who: Person, formId: string, name: string) {
  const pdf = await upload(who, 'FormAttachment', name, PDF);
  const res = await who.call(INSERT_DOCUMENT, { form: formId, link: 'recent-labs', doc: pdf.id });
  expect(res.errors).toBeUndefined();
  return { id: pdf.id, key: await storageKeyOf(pdf.id) };
}

describe('a file taken off a form', () => {
  it('is deleted (row and stored file) when removed; another customer cannot remove it', async () => {
    const a = await person();
    const b = await person();
    const form = await saveAll(a, 'wm-intake');
    const pdf = await attachPdf(a, form.id, 'labs.pdf');
    expect(await stored(pdf.id, pdf.key)).toEqual({ row: true, onDisk: true });

    // B cannot take it off A's form, nor touch the file.
    const stolen = await b.call(REMOVE_DOCUMENT, { form: form.id, link: 'recent-labs' });
    expect(codeOf(stolen)).toBe('A103');
    expect(await stored(pdf.id, pdf.key)).toEqual({ row: true, onDisk: true });
    // Only an attachment question can be cleared this way.
    const wrong = await a.call(REMOVE_DOCUMENT, { form: form.id, link: 'goal-notes' });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { 'goal-notes': 'forms.wrongType' },
    });

    const removed = await a.call<{ RemoveDocument: { data: Form } }>(REMOVE_DOCUMENT, {
      form: form.id,
      link: 'recent-labs',
    });
    expect(removed.errors).toBeUndefined();
    expect(
      Object.fromEntries(answersIn(removed.data?.RemoveDocument.data as Form))['recent-labs'],
    ).toBeUndefined();
    expect(await stored(pdf.id, pdf.key)).toEqual({ row: false, onDisk: false });
  });

  it('is deleted when another file replaces it, or the form is submitted without it', async () => {
    const a = await person();
    const form = await saveAll(a, 'wm-intake');
    const first = await attachPdf(a, form.id, 'first.pdf');
    const second = await attachPdf(a, form.id, 'second.pdf');
    expect(await stored(first.id, first.key)).toEqual({ row: false, onDisk: false });
    expect(await stored(second.id, second.key)).toEqual({ row: true, onDisk: true });

    // The last page submitted without the file (the customer removed it on another device).
    const done = await a.call<{ UpdateExistingForm: { data: Form } }>(UPDATE, {
      id: form.id,
      page: 'goals',
      answers: PAGES.goals,
      complete: true,
    });
    expect(done.data?.UpdateExistingForm.data.status).toBe('completed');
    expect(await stored(second.id, second.key)).toEqual({ row: false, onDisk: false });
  });

  it('a refused save deletes nothing', async () => {
    const a = await person();
    const form = await saveAll(a, 'wm-intake');
    const pdf = await attachPdf(a, form.id, 'labs.pdf');
    const refused = await a.call(UPDATE, {
      id: form.id,
      page: 'goals',
      answers: [],
      complete: true,
    });
    expect(codeOf(refused)).toBe('A103');
    expect(await stored(pdf.id, pdf.key)).toEqual({ row: true, onDisk: true });
  });
});

describe('another customer', () => {
  it("cannot read, search, save, submit or attach to the first one's form, nor use their files", async () => {
    const a = await person();
    const b = await person();
    const form = await saveAll(a, 'wm-intake');
    const pdf = await upload(a, 'FormAttachment', 'mine.pdf', PDF);
    const before = await responseRow(form.id);

    expect(codeOf(await b.call(READ, { id: form.id }))).toBe('F101');
    expect((await b.call<{ intakeSearches: Form[] }>(SEARCH, {})).data?.intakeSearches).toEqual([]);
    expect(codeOf(await b.call(UPDATE, { id: form.id, page: 'goals', answers: PAGES.goals }))).toBe(
      'A103',
    );
    expect(codeOf(await b.call(UPDATE, { id: form.id, answers: [], complete: true }))).toBe('A103');
    expect(
      codeOf(await b.call(INSERT_DOCUMENT, { form: form.id, link: 'recent-labs', doc: pdf.id })),
    ).toBe('A103');

    // B's own form, with A's document: refused as not theirs.
    const own = await saveAll(b, 'wm-intake');
    const stolen = await b.call(INSERT_DOCUMENT, {
      form: own.id,
      link: 'recent-labs',
      doc: pdf.id,
    });
    expect(stolen.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { answers: 'forms.invalidFile' },
    });

    expect(await responseRow(form.id)).toEqual(before);
  });
});

describe('the side-effect check-in', () => {
  it('a severe answer is urgent and raises an urgent care task; a mild one only guidance', async () => {
    const a = await person();
    const severe = await a.call<{ UpsertIntakeForm: { data: Form } }>(UPSERT, {
      short: 'side-effect-check-in',
      page: 'symptoms',
      answers: [
        { linkId: 'nausea', valueBoolean: false },
        { linkId: 'vomiting', valueBoolean: false },
        { linkId: 'abdominal-pain', valueBoolean: true },
        { linkId: 'abdominal-pain-severity', valueCoding: 'severe' },
        { linkId: 'other', valueBoolean: false },
      ],
    });
    const done = await a.call<{ UpdateExistingForm: { data: Form } }>(UPDATE, {
      id: severe.data?.UpsertIntakeForm.data.id,
      answers: [],
      complete: true,
    });
    expect(done.data?.UpdateExistingForm.data.outcome).toEqual({
      level: 'urgent',
      rules: ['SE1'],
      guidance: ['abdominal-pain'],
      task: 'urgent',
    });
    const tasks = await staffCall<{ items: { priority: string; responseId: string }[] }>(
      server,
      'GET',
      `/staff/form-tasks?customerId=${a.customerId}`,
      staff,
      undefined,
    );
    expect(tasks.body.items).toEqual([
      expect.objectContaining({
        priority: 'urgent',
        responseId: severe.data?.UpsertIntakeForm.data.id,
      }),
    ]);

    const b = await person();
    const mild = await b.call<{ UpsertIntakeForm: { data: Form } }>(UPSERT, {
      short: 'side-effect-check-in',
      page: 'symptoms',
      answers: [
        { linkId: 'nausea', valueBoolean: true },
        { linkId: 'nausea-severity', valueCoding: 'mild' },
        { linkId: 'vomiting', valueBoolean: false },
        { linkId: 'abdominal-pain', valueBoolean: false },
        { linkId: 'other', valueBoolean: false },
      ],
    });
    const mildDone = await b.call<{ UpdateExistingForm: { data: Form } }>(UPDATE, {
      id: mild.data?.UpsertIntakeForm.data.id,
      answers: [],
      complete: true,
    });
    expect(mildDone.data?.UpdateExistingForm.data.outcome).toMatchObject({
      level: 'guidance',
      task: null,
    });
    const none = await staffCall<{ items: unknown[] }>(
      server,
      'GET',
      `/staff/form-tasks?customerId=${b.customerId}`,
      staff,
      undefined,
    );
    expect(none.body.items).toEqual([]);
  });
});

describe('ID verification', () => {
  const ID = `{ idVerification { id status front_uploaded back_uploaded selfie_uploaded rejection_reason rejection_note } }`;
  const IMAGE = `mutation ($side: String!, $doc: ID!) { UploadIdVerificationImage(side: $side, document_id: $doc) { data { id status } } }`;
  const SUBMIT = `mutation { SubmitIdVerification { data { id status } } }`;

  async function uploadAll(who: Person, round: string) {
    for (const side of ['front', 'back', 'selfie']) {
      const file = await upload(who, 'Identification', `${side}-${round}.jpg`, JPEG);
      expect(file.status).toBe(201);
      const res = await who.call(IMAGE, { side, doc: file.id });
      expect(res.errors).toBeUndefined();
    }
    const submitted = await who.call<{
      SubmitIdVerification: { data: { id: string; status: string } };
    }>(SUBMIT);
    expect(submitted.data?.SubmitIdVerification.data.status).toBe('in_review');
    return submitted.data?.SubmitIdVerification.data.id ?? '';
  }

  it('requested → rejected with a reason (images deleted) → re-uploaded → verified; the requirement and dl notice complete', async () => {
    const a = await person();
    const appointment = await insertAppointment(server.database.db, {
      customerId: a.customerId,
      providerId,
      start: new Date(Date.now() + 5 * 86_400_000),
      status: 'scheduled',
    });
    await server.database.db
      .insert(appointmentRequirements)
      .values({ appointmentId: appointment.id, type: 'identification_check' });
    const requested = await staffCall<{ id: string; notificationId: string }>(
      server,
      'POST',
      `/staff/customers/${a.customerId}/id-verifications`,
      staff,
      {},
    );
    expect(requested.status).toBe(201);
    expect(
      (await a.call<{ idVerification: { status: string } }>(ID)).data?.idVerification.status,
    ).toBe('requested');

    // Not all three images: nothing is sent.
    expect(codeOf(await a.call(SUBMIT))).toBe('A103');
    // A PDF is not a photo of an ID.
    const pdf = await upload(a, 'Identification', 'id.pdf', PDF);
    const refusedPdf = await a.call(IMAGE, { side: 'front', doc: pdf.id });
    expect(refusedPdf.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { documentId: 'forms.fileType' },
    });

    const first = await uploadAll(a, '1');
    // The care team looks at the images before deciding: short-lived signed URLs.
    type Images = Record<'front' | 'back' | 'selfie', string | null> & {
      status: string;
      expiresInSeconds: number;
    };
    const images = await staffCall<Images>(
      server,
      'GET',
      `/staff/id-verifications/${first}/images`,
      staff,
      undefined,
    );
    expect(images.status).toBe(200);
    expect(images.body).toMatchObject({ status: 'in_review', expiresInSeconds: 300 });
    for (const side of ['front', 'back', 'selfie'] as const) {
      const image = await fetch(local(images.body[side] ?? ''));
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(JPEG);
    }
    const unknown = await staffCall(
      server,
      'GET',
      `/staff/id-verifications/${a.customerId}/images`,
      staff,
      undefined,
    );
    expect(unknown.status).toBe(404);
    const beforeReject = await documentCount(a.customerId);
    const rejected = await staffCall<{ status: string }>(
      server,
      'POST',
      `/staff/id-verifications/${first}/decision`,
      staff,
      {
        decision: 'reject',
        reason: 'document_unreadable',
        note: 'The back of the card is blurred.',
      },
    );
    expect(rejected.body.status).toBe('rejected');
    expect((await a.call<{ idVerification: unknown }>(ID)).data?.idVerification).toMatchObject({
      status: 'rejected',
      rejection_reason: 'document_unreadable',
      rejection_note: 'The back of the card is blurred.',
      front_uploaded: false,
    });
    expect(await documentCount(a.customerId)).toBe(beforeReject - 3);
    // Once decided the images are gone: nothing to view, and the old URLs lead nowhere.
    const afterDecision = await staffCall<Images>(
      server,
      'GET',
      `/staff/id-verifications/${first}/images`,
      staff,
      undefined,
    );
    expect(afterDecision.body).toMatchObject({ front: null, back: null, selfie: null });
    expect((await fetch(local(images.body.front ?? ''))).status).toBe(403);

    const second = await uploadAll(a, '2');
    expect(second).not.toBe(first);
    const approved = await staffCall<{ status: string }>(
      server,
      'POST',
      `/staff/id-verifications/${second}/decision`,
      staff,
      {
        decision: 'approve',
      },
    );
    expect(approved.body.status).toBe('verified');
    expect(
      (await a.call<{ idVerification: { status: string } }>(ID)).data?.idVerification.status,
    ).toBe('verified');
    const [requirement] = await server.database.db
      .select()
      .from(appointmentRequirements)
      .where(and(eq(appointmentRequirements.appointmentId, appointment.id)));
    expect(requirement?.completed).toBe(true);
    const [notice] = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.id, requested.body.notificationId));
    expect(notice?.status).toBe('action_completed');
    // Only the PDF that was never part of a check is left, in the database and on disk.
    expect(await documentCount(a.customerId)).toBe(1);
    expect(readdirSync(path.join(filesDir, a.customerId))).toHaveLength(1);

    // A decision is made once.
    const twice = await staffCall(
      server,
      'POST',
      `/staff/id-verifications/${second}/decision`,
      staff,
      { decision: 'reject', reason: 'other' },
    );
    // The second is told it was decided already, and by whom (issue 41).
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: { code: 'already-done' } });
  });

  it("another customer cannot see the check nor use the first one's images; a rejection needs a reason", async () => {
    const a = await person();
    const b = await person();
    const front = await upload(a, 'Identification', 'front.jpg', JPEG);
    await a.call(IMAGE, { side: 'front', doc: front.id });
    expect((await b.call<{ idVerification: unknown }>(ID)).data?.idVerification).toBeNull();
    const stolen = await b.call(IMAGE, { side: 'front', doc: front.id });
    expect(stolen.errors?.[0]?.extensions).toMatchObject({
      code: 'A103',
      fields: { documentId: 'forms.invalidFile' },
    });
    expect((await b.call<{ idVerification: unknown }>(ID)).data?.idVerification).toBeNull();

    const check = (await a.call<{ idVerification: { id: string } }>(ID)).data?.idVerification.id;
    const noReason = await staffCall(
      server,
      'POST',
      `/staff/id-verifications/${check}/decision`,
      staff,
      { decision: 'reject' },
    );
    expect(noReason.status).toBe(400);
  });
});

/** A version 3 of the intake that asks one more required question on the history page. */
const WM_INTAKE_V3: FormDefinition = {
  ...WM_INTAKE_V2,
  id: 'wm-intake-3',
  version: '3',
  item: WM_INTAKE_V2.item?.map((page) =>
    page.linkId === 'history'
      ? {
          ...page,
          item: [
            ...(page.item ?? []),
            {
              linkId: 'gastroparesis',
              text: 'Have you had gastroparesis?',
              type: 'boolean',
              required: true,
            },
          ],
        }
      : page,
  ),
};

describe('versions', () => {
  it('a response keeps its meaning after the definition gets a new version', async () => {
    const a = await person();
    const completed = await saveAll(a, 'wm-intake');
    await a.call(UPDATE, { id: completed.id, answers: [], complete: true });
    const open = await saveAll(a, 'wm-intake');
    expect(open.questionnaire).toBe(`${WM_INTAKE_V2.url}|2`);
    await server.services.forms.storeDefinition('wm-intake', 'intake', WM_INTAKE_V3);

    const kept = await a.call<{ intakeForm: Form }>(READ, { id: completed.id });
    expect(kept.data?.intakeForm).toMatchObject({
      status: 'completed',
      questionnaire: `${WM_INTAKE_V2.url}|2`,
      definition: { version: '2' },
    });
    // The open response stays on version 2: it is submitted without the new question.
    const finished = await a.call<{ UpdateExistingForm: { data: Form } }>(UPDATE, {
      id: open.id,
      answers: [],
      complete: true,
    });
    expect(finished.errors).toBeUndefined();
    expect(finished.data?.UpdateExistingForm.data.questionnaire).toBe(`${WM_INTAKE_V2.url}|2`);
    // A new response starts on version 3, which asks the new question.
    const fresh = await saveAll(a, 'wm-intake');
    expect(fresh.definition.version).toBe('3');
    const incomplete = await a.call(UPDATE, { id: fresh.id, answers: [], complete: true });
    expect(incomplete.errors?.[0]?.extensions).toMatchObject({
      fields: { gastroparesis: 'forms.required' },
    });
    const latest = await a.call<{ getTypeformByShortId: { version: string } }>(
      `{ getTypeformByShortId(short_id: "wm-intake") { version } }`,
    );
    expect(latest.data?.getTypeformByShortId.version).toBe('3');
  });

  it('a version 1 response left in progress is still shown and checked against version 1', async () => {
    const a = await person();
    // Version 1 is stored as it was published, beside the newer versions.
    const [v1] = await server.database.db
      .select()
      .from(formDefinitions)
      .where(and(eq(formDefinitions.url, WM_INTAKE_V1.url), eq(formDefinitions.version, '1')));
    expect(v1?.questionnaire).toEqual(WM_INTAKE_V1);
    // A response started before version 2 existed, with its first page saved.
    const [row] = await server.database.db
      .insert(formResponses)
      .values({
        customerId: a.customerId,
        definitionId: v1?.id ?? '',
        shortId: 'wm-intake',
        status: 'in-progress',
        lastPage: 'about-you',
        response: buildResponse(WM_INTAKE_V1, new Map(), 'in-progress', '2026-01-05T10:00:00Z'),
      })
      .returning();
    const id = row?.id ?? '';
    await server.services.forms.storeDefinition('wm-intake', 'intake', WM_INTAKE_V3);

    const found = await a.call<{
      intakeSearches: (Form & { definition: { questionnaire: string } })[];
    }>(
      `query { intakeSearches(short_id: "wm-intake") { ${FORM_FIELDS} definition { questionnaire } } }`,
    );
    expect(found.data?.intakeSearches).toHaveLength(1);
    const shown = found.data?.intakeSearches[0];
    expect(shown).toMatchObject({ id, definition: { version: '1' }, resume_page: 'body' });
    expect(JSON.parse(shown?.definition.questionnaire ?? '{}')).toEqual(WM_INTAKE_V1);

    // Answering every page of version 1 (no gastroparesis question) completes it on version 1.
    for (const [page, answers] of Object.entries(PAGES)) {
      const saved = await a.call(UPDATE, { id, page, answers });
      expect(saved.errors).toBeUndefined();
    }
    const done = await a.call<{ UpdateExistingForm: { data: Form } }>(UPDATE, {
      id,
      answers: [],
      complete: true,
    });
    expect(done.errors).toBeUndefined();
    expect(done.data?.UpdateExistingForm.data).toMatchObject({
      status: 'completed',
      questionnaire: `${WM_INTAKE_V1.url}|1`,
      definition: { version: '1' },
    });
  });
});
