import { ext, options, type FormDefinition } from '../questionnaire';
import { bodyItems, FORM_BASE_URL, yesNo } from './common';

/** The 6-month follow-up (spec 02 §9: follow-up form every 6 months). */
export const WM_FOLLOW_UP_V1: FormDefinition = {
  resourceType: 'Questionnaire',
  id: 'wm-follow-up-1',
  url: `${FORM_BASE_URL}/wm-follow-up`,
  version: '1',
  name: 'wm-follow-up',
  title: '6-month follow-up',
  status: 'active',
  item: [
    {
      linkId: 'progress',
      text: 'Your progress',
      type: 'group',
      extension: [ext.page()],
      item: [
        ...bodyItems(true),
        {
          linkId: 'satisfaction',
          text: 'How satisfied are you with your progress?',
          type: 'choice',
          required: true,
          answerOption: options([
            ['very', 'Very satisfied'],
            ['somewhat', 'Somewhat satisfied'],
            ['not', 'Not satisfied'],
          ]),
        },
      ],
    },
    {
      linkId: 'changes',
      text: 'Changes since your last visit',
      type: 'group',
      extension: [ext.page()],
      item: [
        yesNo('new-conditions', 'Have you been diagnosed with any new condition?'),
        {
          linkId: 'new-conditions-list',
          text: 'Which conditions?',
          type: 'text',
          required: true,
          maxLength: 1000,
          enableWhen: [{ question: 'new-conditions', operator: '=', answerBoolean: true }],
        },
        yesNo('new-medications', 'Have you started any new medication?'),
        {
          linkId: 'new-medications-list',
          text: 'Which medications, and at what dose?',
          type: 'text',
          required: true,
          maxLength: 1000,
          enableWhen: [{ question: 'new-medications', operator: '=', answerBoolean: true }],
        },
        yesNo('pancreatitis-signs', 'Have you had severe stomach pain that spreads to your back?'),
        {
          linkId: 'side-effects',
          text: 'Which side effects have you had? Choose all that apply.',
          type: 'choice',
          repeats: true,
          answerOption: options([
            ['nausea', 'Nausea'],
            ['vomiting', 'Vomiting'],
            ['constipation', 'Constipation'],
            ['diarrhea', 'Diarrhea'],
            ['fatigue', 'Tiredness'],
          ]),
        },
        { linkId: 'questions', text: 'Questions for your provider', type: 'text', maxLength: 1000 },
      ],
    },
  ],
};
