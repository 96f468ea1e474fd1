import { ext, options, type FormDefinition } from '../questionnaire';
import { FORM_BASE_URL, yesNo } from './common';

/**
 * The provider form (/henryForms/{formId}): what the provider asks before a visit, vital signs
 * included; opened from an appointment or a follow-up.
 */
export const PROVIDER_VISIT_V1: FormDefinition = {
  resourceType: 'Questionnaire',
  id: 'provider-visit-1',
  url: `${FORM_BASE_URL}/provider-visit`,
  version: '1',
  name: 'provider-visit',
  title: 'Before your visit',
  status: 'active',
  item: [
    {
      linkId: 'visit',
      text: 'About this visit',
      type: 'group',
      extension: [ext.page()],
      item: [
        {
          linkId: 'intro',
          text: 'Your provider reads these answers before your visit.',
          type: 'display',
        },
        {
          linkId: 'reason',
          text: 'What would you like to discuss?',
          type: 'text',
          required: true,
          maxLength: 2000,
        },
        {
          linkId: 'dose-tolerance',
          text: 'How are you getting on with your current dose?',
          type: 'choice',
          required: true,
          answerOption: options([
            ['well', 'Well'],
            ['side-effects', 'I have side effects'],
            ['not-started', 'I have not started yet'],
          ]),
        },
      ],
    },
    {
      linkId: 'vitals',
      text: 'Vital signs',
      type: 'group',
      extension: [ext.page()],
      item: [
        yesNo('has-bp', 'Have you measured your blood pressure in the last month?'),
        {
          linkId: 'bp-systolic',
          text: 'Blood pressure, upper number (systolic)',
          type: 'integer',
          required: true,
          extension: [ext.unit('mm[Hg]', 'mmHg'), ext.min(60), ext.max(260)],
          enableWhen: [{ question: 'has-bp', operator: '=', answerBoolean: true }],
        },
        {
          linkId: 'bp-diastolic',
          text: 'Blood pressure, lower number (diastolic)',
          type: 'integer',
          required: true,
          extension: [ext.unit('mm[Hg]', 'mmHg'), ext.min(30), ext.max(160)],
          enableWhen: [{ question: 'has-bp', operator: '=', answerBoolean: true }],
        },
        {
          linkId: 'resting-heart-rate',
          text: 'Resting heart rate, if you know it',
          type: 'integer',
          extension: [ext.unit('/min', 'beats per minute'), ext.min(30), ext.max(220)],
        },
        {
          linkId: 'zip-code',
          text: 'ZIP code where you will be during the visit',
          type: 'string',
          required: true,
          extension: [ext.regex('\\d{5}')],
        },
      ],
    },
  ],
};
