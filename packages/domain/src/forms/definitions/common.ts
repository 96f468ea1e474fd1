import { ext, options, type QuestionnaireItem } from '../questionnaire';

// Pieces the portal's forms share. Texts are English: a definition is data a clinician
// writes, and a later version may carry translations (FHIR's translation extension).

export const FORM_BASE_URL = 'https://portal.example/fhir/Questionnaire';

export const YES_NO = options([
  ['yes', 'Yes'],
  ['no', 'No'],
]);

export function yesNo(linkId: string, text: string, required = true): QuestionnaireItem {
  return { linkId, text, type: 'boolean', required };
}

/** Height in feet and inches, weight in pounds and the calculated BMI (spec 02 §5 bounds). */
export function bodyItems(prefill: boolean): QuestionnaireItem[] {
  return [
    {
      linkId: 'height-ft',
      text: 'Height (feet)',
      type: 'integer',
      required: true,
      extension: [
        ext.unit('[ft_i]', 'ft'),
        ext.min(3),
        ext.max(8),
        ...(prefill ? [ext.prefill('heightFeet')] : []),
      ],
    },
    {
      linkId: 'height-in',
      text: 'Height (inches)',
      type: 'integer',
      required: true,
      extension: [
        ext.unit('[in_i]', 'in'),
        ext.min(0),
        ext.max(11),
        ...(prefill ? [ext.prefill('heightInches')] : []),
      ],
    },
    {
      linkId: 'weight-lb',
      text: 'Current weight (pounds)',
      type: 'decimal',
      required: true,
      extension: [
        ext.unit('[lb_av]', 'lb'),
        ext.min(50),
        ext.max(1400),
        ...(prefill ? [ext.prefill('weightLb')] : []),
      ],
    },
    {
      linkId: 'bmi',
      text: 'Body mass index (BMI)',
      type: 'decimal',
      readOnly: true,
      extension: [ext.calculated('bmi')],
    },
  ];
}
