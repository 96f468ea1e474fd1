import { ext, options, type FormDefinition, type QuestionnaireItem } from '../questionnaire';
import { FORM_BASE_URL, yesNo } from './common';

export const SIDE_EFFECT_SYMPTOMS = ['nausea', 'vomiting', 'abdominal-pain', 'other'] as const;
export type SideEffectSymptom = (typeof SIDE_EFFECT_SYMPTOMS)[number];
export const SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];

const SYMPTOM_TEXT: Record<SideEffectSymptom, string> = {
  nausea: 'Have you had nausea since your last dose?',
  vomiting: 'Have you vomited since your last dose?',
  'abdominal-pain': 'Have you had pain in your stomach area (abdomen)?',
  other: 'Have you had any other symptom you think is from your medication?',
};

function symptom(s: SideEffectSymptom): QuestionnaireItem[] {
  return [
    yesNo(s, SYMPTOM_TEXT[s]),
    {
      linkId: `${s}-severity`,
      text: 'How bad is it?',
      type: 'choice',
      required: true,
      answerOption: options([
        ['mild', 'Mild: I notice it, but it does not stop my day'],
        ['moderate', 'Moderate: it gets in the way of my day'],
        ['severe', 'Severe: I cannot do my usual things'],
      ]),
      enableWhen: [{ question: s, operator: '=', answerBoolean: true }],
    },
  ];
}

/**
 * The side-effect check-in for GLP-1 customers (issue 15, beyond the spec), offered after a
 * dose change and before a refill. Its answers go through `assessSideEffects`.
 */
export const SIDE_EFFECT_CHECK_IN_V1: FormDefinition = {
  resourceType: 'Questionnaire',
  id: 'side-effect-check-in-1',
  url: `${FORM_BASE_URL}/side-effect-check-in`,
  version: '1',
  name: 'side-effect-check-in',
  title: 'Side-effect check-in',
  status: 'active',
  item: [
    {
      linkId: 'symptoms',
      text: 'How are you feeling?',
      type: 'group',
      extension: [ext.page()],
      item: [
        ...symptom('nausea'),
        ...symptom('vomiting'),
        {
          ...yesNo('keeps-fluids-down', 'Can you keep fluids down?'),
          enableWhen: [{ question: 'vomiting', operator: '=', answerBoolean: true }],
        },
        ...symptom('abdominal-pain'),
        ...symptom('other'),
        {
          linkId: 'other-description',
          text: 'Describe the symptom',
          type: 'text',
          required: true,
          maxLength: 1000,
          enableWhen: [{ question: 'other', operator: '=', answerBoolean: true }],
        },
      ],
    },
  ],
};
