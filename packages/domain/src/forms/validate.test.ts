import { describe, expect, it } from 'vitest';
import { formAnswersInputSchema, toAnswerMap, type AnswerMap } from './answers';
import { WM_INTAKE_V1 } from './definitions/wm-intake';
import { PROVIDER_VISIT_V1 } from './definitions/provider-visit';
import { enabledItems } from './enable-when';
import { canonicalOf, formPages, parseCanonical, type Questionnaire } from './questionnaire';
import {
  answersOf,
  buildResponse,
  formBmi,
  mergePage,
  resumePage,
  validateAnswers,
} from './validate';
import { sniffFileKind } from './file-kinds';

const noFile = () => undefined;
const answers = (list: unknown[]): AnswerMap =>
  toAnswerMap(formAnswersInputSchema.parse(list), noFile);

/** Every required answer of the intake, with no branch opened. */
const COMPLETE_INTAKE = [
  { linkId: 'first-name', valueString: 'Ana' },
  { linkId: 'last-name', valueString: 'Lopez' },
  { linkId: 'dob', valueDate: '1985-04-02' },
  { linkId: 'sex', valueCoding: 'male' },
  { linkId: 'height-ft', valueInteger: 5 },
  { linkId: 'height-in', valueInteger: 10 },
  { linkId: 'weight-lb', valueDecimal: 220.5 },
  { linkId: 'mtc', valueBoolean: false },
  { linkId: 'men2', valueBoolean: false },
  { linkId: 'pancreatitis', valueBoolean: false },
  { linkId: 'takes-medications', valueBoolean: false },
  { linkId: 'glp1-before', valueCoding: 'never' },
  { linkId: 'goal-reasons', valueCoding: 'lose-weight' },
  { linkId: 'goal-reasons', valueCoding: 'more-energy' },
];

describe('issue 15: a response is re-validated against its definition', () => {
  it('a complete intake with no branch opened passes', () => {
    expect(validateAnswers(WM_INTAKE_V1, answers(COMPLETE_INTAKE), { complete: true })).toEqual([]);
  });

  it('a missing required answer is refused on submit, not on a page save', () => {
    const partial = answers(COMPLETE_INTAKE.filter((a) => a.linkId !== 'mtc'));
    expect(validateAnswers(WM_INTAKE_V1, partial, { complete: true })).toEqual([
      { linkId: 'mtc', code: 'forms.required' },
    ]);
    expect(validateAnswers(WM_INTAKE_V1, partial, { complete: false })).toEqual([]);
  });

  it('an opened branch makes its question required (pancreatitis → details)', () => {
    const opened = answers([
      ...COMPLETE_INTAKE.filter((a) => a.linkId !== 'pancreatitis'),
      { linkId: 'pancreatitis', valueBoolean: true },
    ]);
    expect(validateAnswers(WM_INTAKE_V1, opened, { complete: true })).toEqual([
      { linkId: 'pancreatitis-details', code: 'forms.required' },
    ]);
  });

  it('an answer to a question its branch hides is refused', () => {
    const hidden = answers([
      ...COMPLETE_INTAKE,
      { linkId: 'pancreatitis-details', valueString: 'in 2019' },
      { linkId: 'pregnant', valueBoolean: false },
    ]);
    expect(validateAnswers(WM_INTAKE_V1, hidden, { complete: false })).toEqual([
      { linkId: 'pancreatitis-details', code: 'forms.hidden' },
      { linkId: 'pregnant', code: 'forms.hidden' },
    ]);
  });

  it.each([
    [{ linkId: 'weight-lb', valueDecimal: 49.9 }, 'forms.tooLow'],
    [{ linkId: 'weight-lb', valueDecimal: 1400.5 }, 'forms.tooHigh'],
    [{ linkId: 'height-in', valueInteger: 12 }, 'forms.tooHigh'],
    [{ linkId: 'weight-lb', valueString: '200' }, 'forms.wrongType'],
    [{ linkId: 'sex', valueCoding: 'robot' }, 'forms.notAnOption'],
    [{ linkId: 'dob', valueDate: '1890-01-01' }, 'forms.tooLow'],
    [{ linkId: 'first-name', valueString: 'x'.repeat(101) }, 'forms.tooLong'],
    [{ linkId: 'no-such-question', valueString: 'x' }, 'forms.unknownQuestion'],
    [{ linkId: 'about-you', valueString: 'x' }, 'forms.unknownQuestion'],
    [{ linkId: 'bmi', valueDecimal: 20 }, 'forms.readOnly'],
  ])('%o is refused as %s', (answer, code) => {
    const map = answers([...COMPLETE_INTAKE.filter((a) => a.linkId !== answer.linkId), answer]);
    const issues = validateAnswers(WM_INTAKE_V1, map, { complete: false });
    expect(issues.map((i) => i.code)).toEqual([code]);
  });

  it('a question that takes one answer refuses two', () => {
    const map = answers([...COMPLETE_INTAKE, { linkId: 'sex', valueCoding: 'female' }]);
    expect(validateAnswers(WM_INTAKE_V1, map, { complete: false })).toEqual([
      { linkId: 'sex', code: 'forms.oneAnswer' },
    ]);
  });

  it('a text item with a regex refuses what does not match (ZIP code, 5 digits)', () => {
    const base = [
      { linkId: 'reason', valueString: 'dose' },
      { linkId: 'dose-tolerance', valueCoding: 'well' },
      { linkId: 'has-bp', valueBoolean: false },
    ];
    expect(
      validateAnswers(
        PROVIDER_VISIT_V1,
        answers([...base, { linkId: 'zip-code', valueString: '9021' }]),
        {
          complete: true,
        },
      ),
    ).toEqual([{ linkId: 'zip-code', code: 'forms.pattern' }]);
    expect(
      validateAnswers(
        PROVIDER_VISIT_V1,
        answers([...base, { linkId: 'zip-code', valueString: '90210' }]),
        {
          complete: true,
        },
      ),
    ).toEqual([]);
  });

  it('attachments: images and PDF up to 10 MB only', () => {
    const file = (contentType: string, size: number): AnswerMap =>
      new Map([
        ...answers(COMPLETE_INTAKE),
        ['recent-labs', [{ valueAttachment: { contentType, size, url: 'documents/x/y' } }]],
      ]);
    expect(
      validateAnswers(WM_INTAKE_V1, file('application/pdf', 1000), { complete: true }),
    ).toEqual([]);
    expect(validateAnswers(WM_INTAKE_V1, file('text/html', 1000), { complete: true })).toEqual([
      { linkId: 'recent-labs', code: 'forms.fileType' },
    ]);
    expect(
      validateAnswers(WM_INTAKE_V1, file('image/png', 10 * 1024 * 1024 + 1), { complete: true }),
    ).toEqual([{ linkId: 'recent-labs', code: 'forms.fileSize' }]);
  });

  it('an answer input carries exactly one value', () => {
    expect(
      formAnswersInputSchema.safeParse([{ linkId: 'a', valueString: 'x', valueBoolean: true }])
        .success,
    ).toBe(false);
    expect(formAnswersInputSchema.safeParse([{ linkId: 'a' }]).success).toBe(false);
    expect(formAnswersInputSchema.safeParse([{ linkId: '../a', valueString: 'x' }]).success).toBe(
      false,
    );
  });
});

describe('issue 15: enableWhen (FHIR R4)', () => {
  const form: Questionnaire = {
    resourceType: 'Questionnaire',
    status: 'active',
    item: [
      {
        linkId: 'p',
        type: 'group',
        item: [
          { linkId: 'a', type: 'integer' },
          { linkId: 'b', type: 'boolean' },
          {
            linkId: 'any',
            type: 'string',
            enableBehavior: 'any',
            enableWhen: [
              { question: 'a', operator: '>', answerInteger: 10 },
              { question: 'b', operator: '=', answerBoolean: true },
            ],
          },
          {
            linkId: 'all',
            type: 'string',
            enableWhen: [
              { question: 'a', operator: '>=', answerInteger: 10 },
              { question: 'b', operator: 'exists', answerBoolean: true },
            ],
          },
          {
            linkId: 'chained',
            type: 'string',
            enableWhen: [{ question: 'any', operator: 'exists', answerBoolean: true }],
          },
        ],
      },
    ],
  };
  it.each([
    [[], { any: false, all: false, chained: false }],
    [[{ linkId: 'a', valueInteger: 11 }], { any: true, all: false, chained: false }],
    [[{ linkId: 'b', valueBoolean: true }], { any: true, all: false, chained: false }],
    [
      [
        { linkId: 'a', valueInteger: 10 },
        { linkId: 'b', valueBoolean: false },
      ],
      { any: false, all: true, chained: false },
    ],
    [
      [
        { linkId: 'a', valueInteger: 11 },
        { linkId: 'any', valueString: 'x' },
      ],
      { any: true, all: false, chained: true },
    ],
    // an answer to a hidden question counts as none: the chain stays closed
    [
      [
        { linkId: 'a', valueInteger: 1 },
        { linkId: 'any', valueString: 'x' },
      ],
      { any: false, all: false, chained: false },
    ],
  ])('answers %o show %o', (list, expected) => {
    const shown = enabledItems(form, answers(list));
    expect({ any: shown.get('any'), all: shown.get('all'), chained: shown.get('chained') }).toEqual(
      expected,
    );
  });

  it('!= holds when unanswered (R4) and when the answer differs', () => {
    const shown = (list: unknown[]) =>
      enabledItems(WM_INTAKE_V1, answers(list)).get('glp1-last-dose');
    expect(shown([{ linkId: 'glp1-before', valueCoding: 'never' }])).toBe(false);
    expect(shown([{ linkId: 'glp1-before', valueCoding: 'semaglutide' }])).toBe(true);
  });
});

describe('issue 15: page by page saves', () => {
  it('a page replaces its own answers and keeps the others', () => {
    const stored = answers([
      { linkId: 'first-name', valueString: 'Ana' },
      { linkId: 'allergies', valueString: 'penicillin' },
    ]);
    const merged = mergePage(WM_INTAKE_V1, stored, answers([]), 'medications');
    expect([...merged.keys()]).toEqual(['first-name']);
  });

  it('a stored answer its branch now hides is dropped (pancreatitis no → details gone)', () => {
    const stored = answers([
      { linkId: 'pancreatitis', valueBoolean: true },
      { linkId: 'pancreatitis-details', valueString: '2019' },
    ]);
    const merged = mergePage(
      WM_INTAKE_V1,
      stored,
      answers([{ linkId: 'pancreatitis', valueBoolean: false }]),
      null,
    );
    expect(merged.has('pancreatitis-details')).toBe(false);
  });

  it('the BMI is calculated by the form from height and weight (spec 02 §5)', () => {
    const merged = mergePage(
      WM_INTAKE_V1,
      new Map(),
      answers([
        { linkId: 'height-ft', valueInteger: 5 },
        { linkId: 'height-in', valueInteger: 10 },
        { linkId: 'weight-lb', valueDecimal: 200 },
      ]),
      'body',
    );
    expect(merged.get('bmi')).toEqual([{ valueDecimal: 28.7 }]);
    expect(formBmi(answers([{ linkId: 'weight-lb', valueDecimal: 200 }]))).toBeNull();
  });

  it('resumes at the first page with a required answer missing', () => {
    expect(resumePage(WM_INTAKE_V1, answers(COMPLETE_INTAKE.slice(0, 4)))).toBe('body');
    expect(resumePage(WM_INTAKE_V1, answers(COMPLETE_INTAKE))).toBeNull();
    expect(formPages(WM_INTAKE_V1).map((p) => p.linkId)).toEqual([
      'about-you',
      'body',
      'history',
      'medications',
      'goals',
    ]);
  });
});

describe('issue 15: a response is pinned to url|version', () => {
  it('points at the canonical url and version and reads back its answers', () => {
    const map = mergePage(WM_INTAKE_V1, new Map(), answers(COMPLETE_INTAKE), null);
    const response = buildResponse(WM_INTAKE_V1, map, 'completed', '2026-03-08T10:00:00Z');
    expect(response.questionnaire).toBe('https://portal.example/fhir/Questionnaire/wm-intake|1');
    expect(parseCanonical(response.questionnaire ?? '')).toEqual({
      url: 'https://portal.example/fhir/Questionnaire/wm-intake',
      version: '1',
    });
    expect(canonicalOf(WM_INTAKE_V1)).toBe(response.questionnaire);
    expect(response.item?.map((i) => i.linkId)).toEqual([
      'about-you',
      'body',
      'history',
      'medications',
      'goals',
    ]);
    expect(answersOf(response)).toEqual(map);
  });
});

describe('issue 15: uploads are images or PDF by their bytes', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'application/pdf'],
    [[0x3c, 0x68, 0x74, 0x6d, 0x6c], null],
    [[], null],
  ])('%o is %s', (bytes, kind) => {
    expect(sniffFileKind(new Uint8Array(bytes))).toBe(kind);
  });
});
