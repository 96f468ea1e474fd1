import {
  ext,
  options,
  type FormDefinition,
  type PrefillSource,
  type QuestionnaireItem,
} from '../questionnaire';
import { bodyItems, FORM_BASE_URL, yesNo } from './common';

/**
 * The weight-management intake (issue 15): who the customer is, body measures and BMI, the
 * history that rules a GLP-1 out (medullary thyroid cancer, MEN2, pancreatitis, pregnancy),
 * current medications and goals. One top-level group is one page.
 *
 * Version 1 as first published: responses pinned to it keep this meaning, so it never changes.
 */
export const WM_INTAKE_V1: FormDefinition = {
  resourceType: 'Questionnaire',
  id: 'wm-intake-1',
  url: `${FORM_BASE_URL}/wm-intake`,
  version: '1',
  name: 'wm-intake',
  title: 'Weight management intake',
  status: 'active',
  item: [
    {
      linkId: 'about-you',
      text: 'About you',
      type: 'group',
      extension: [ext.page()],
      item: [
        {
          linkId: 'first-name',
          text: 'First name',
          type: 'string',
          required: true,
          maxLength: 100,
          extension: [ext.prefill('firstName')],
        },
        {
          linkId: 'last-name',
          text: 'Last name',
          type: 'string',
          required: true,
          maxLength: 100,
          extension: [ext.prefill('lastName')],
        },
        {
          linkId: 'dob',
          text: 'Date of birth',
          type: 'date',
          required: true,
          extension: [ext.minDate('1900-01-01'), ext.prefill('dob')],
        },
        {
          linkId: 'sex',
          text: 'Sex assigned at birth',
          type: 'choice',
          required: true,
          answerOption: options([
            ['female', 'Female'],
            ['male', 'Male'],
          ]),
        },
        {
          ...yesNo('pregnant', 'Are you pregnant, planning to become pregnant or breastfeeding?'),
          enableWhen: [{ question: 'sex', operator: '=', answerCoding: { code: 'female' } }],
        },
      ],
    },
    {
      linkId: 'body',
      text: 'Height and weight',
      type: 'group',
      extension: [ext.page()],
      item: [
        ...bodyItems(true),
        {
          linkId: 'goal-weight-lb',
          text: 'Goal weight (pounds)',
          type: 'decimal',
          extension: [ext.unit('[lb_av]', 'lb'), ext.min(50), ext.max(1400)],
        },
      ],
    },
    {
      linkId: 'history',
      text: 'Medical history',
      type: 'group',
      extension: [ext.page()],
      item: [
        {
          linkId: 'conditions',
          text: 'Do you have any of these conditions? Choose all that apply.',
          type: 'choice',
          repeats: true,
          answerOption: options([
            ['type-2-diabetes', 'Type 2 diabetes'],
            ['high-blood-pressure', 'High blood pressure'],
            ['high-cholesterol', 'High cholesterol'],
            ['sleep-apnea', 'Sleep apnea'],
            ['gallbladder-disease', 'Gallbladder disease'],
            ['kidney-disease', 'Kidney disease'],
          ]),
        },
        yesNo('mtc', 'Have you or anyone in your family ever had medullary thyroid cancer (MTC)?'),
        yesNo(
          'men2',
          'Have you or anyone in your family ever had multiple endocrine neoplasia type 2 (MEN2)?',
        ),
        yesNo('pancreatitis', 'Have you ever had pancreatitis?'),
        {
          linkId: 'pancreatitis-details',
          text: 'When did you have pancreatitis, and what was the cause?',
          type: 'text',
          required: true,
          maxLength: 1000,
          enableWhen: [{ question: 'pancreatitis', operator: '=', answerBoolean: true }],
        },
      ],
    },
    {
      linkId: 'medications',
      text: 'Current medications',
      type: 'group',
      extension: [ext.page()],
      item: [
        yesNo('takes-medications', 'Do you take any medications or supplements?'),
        {
          linkId: 'medication-list',
          text: 'List each medication, its dose and how often you take it.',
          type: 'text',
          required: true,
          maxLength: 2000,
          enableWhen: [{ question: 'takes-medications', operator: '=', answerBoolean: true }],
        },
        {
          linkId: 'glp1-before',
          text: 'Have you taken a GLP-1 medication before?',
          type: 'choice',
          required: true,
          answerOption: options([
            ['never', 'Never'],
            ['semaglutide', 'Semaglutide (Ozempic, Wegovy)'],
            ['tirzepatide', 'Tirzepatide (Mounjaro, Zepbound)'],
            ['liraglutide', 'Liraglutide (Saxenda, Victoza)'],
          ]),
        },
        {
          linkId: 'glp1-last-dose',
          text: 'What was your last dose, and when did you take it?',
          type: 'string',
          required: true,
          maxLength: 200,
          enableWhen: [
            { question: 'glp1-before', operator: '!=', answerCoding: { code: 'never' } },
          ],
          enableBehavior: 'all',
        },
        {
          linkId: 'allergies',
          text: 'Allergies to medications (leave empty if none)',
          type: 'text',
          maxLength: 1000,
        },
      ],
    },
    {
      linkId: 'goals',
      text: 'Your goals',
      type: 'group',
      extension: [ext.page()],
      item: [
        {
          linkId: 'goal-reasons',
          text: 'What would you like to achieve? Choose all that apply.',
          type: 'choice',
          repeats: true,
          required: true,
          answerOption: options([
            ['lose-weight', 'Lose weight'],
            ['improve-health', 'Improve a health condition'],
            ['more-energy', 'Have more energy'],
            ['move-easier', 'Move more easily'],
          ]),
        },
        {
          linkId: 'goal-notes',
          text: 'Anything else your provider should know?',
          type: 'text',
          maxLength: 1000,
        },
        {
          linkId: 'recent-labs',
          text: 'Recent lab results, if you have them (an image or PDF, up to 10 MB)',
          type: 'attachment',
        },
      ],
    },
  ],
};

/** Prefill sources version 2 adds, by linkId. */
const V2_PREFILL: Partial<Record<string, PrefillSource>> = {
  'takes-medications': 'takesMedications',
  'medication-list': 'medicationList',
};

function withV2Prefill(items: QuestionnaireItem[] | undefined): QuestionnaireItem[] | undefined {
  return items?.map((item) => {
    const source = V2_PREFILL[item.linkId];
    return {
      ...item,
      ...(source ? { extension: [...(item.extension ?? []), ext.prefill(source)] } : {}),
      ...(item.item ? { item: withV2Prefill(item.item) } : {}),
    };
  });
}

/**
 * Version 2: the same questions, with "current medications" prefilled from the customer's
 * prescriptions. New responses start on it; version 1 stays as it was.
 */
export const WM_INTAKE_V2: FormDefinition = {
  ...WM_INTAKE_V1,
  id: 'wm-intake-2',
  version: '2',
  item: withV2Prefill(WM_INTAKE_V1.item),
};
