import { describe, expect, it } from 'vitest';
import { formAnswersInputSchema, toAnswerMap } from './answers';
import { SIDE_EFFECT_CHECK_IN_V1 } from './definitions/side-effect-check-in';
import { assessSideEffects } from './side-effects';
import { validateAnswers } from './validate';

const none = [
  { linkId: 'nausea', valueBoolean: false },
  { linkId: 'vomiting', valueBoolean: false },
  { linkId: 'abdominal-pain', valueBoolean: false },
  { linkId: 'other', valueBoolean: false },
];
function check(
  changes: { linkId: string; valueBoolean?: boolean; valueCoding?: string; valueString?: string }[],
) {
  const ids = new Set(changes.map((c) => c.linkId));
  const list = [...none.filter((a) => !ids.has(a.linkId)), ...changes];
  const map = toAnswerMap(formAnswersInputSchema.parse(list), () => undefined);
  // Every case is a valid check-in of the definition, so the rules see what the server keeps.
  expect(validateAnswers(SIDE_EFFECT_CHECK_IN_V1, map, { complete: true })).toEqual([]);
  return assessSideEffects(map);
}

describe('issue 15: side-effect check-in rules', () => {
  it('SE1: a severe symptom is urgent (banner and urgent care-team task)', () => {
    const result = check([
      { linkId: 'abdominal-pain', valueBoolean: true },
      { linkId: 'abdominal-pain-severity', valueCoding: 'severe' },
    ]);
    expect(result).toEqual({
      level: 'urgent',
      rules: ['SE1'],
      guidance: ['abdominal-pain'],
      task: 'urgent',
    });
  });

  it('SE2: vomiting and not keeping fluids down is urgent, even when rated mild', () => {
    const result = check([
      { linkId: 'vomiting', valueBoolean: true },
      { linkId: 'vomiting-severity', valueCoding: 'mild' },
      { linkId: 'keeps-fluids-down', valueBoolean: false },
    ]);
    expect(result.level).toBe('urgent');
    expect(result.rules).toEqual(['SE2']);
    expect(result.task).toBe('urgent');
  });

  it('SE3: abdominal pain with vomiting is urgent (signs of pancreatitis)', () => {
    const result = check([
      { linkId: 'vomiting', valueBoolean: true },
      { linkId: 'vomiting-severity', valueCoding: 'mild' },
      { linkId: 'keeps-fluids-down', valueBoolean: true },
      { linkId: 'abdominal-pain', valueBoolean: true },
      { linkId: 'abdominal-pain-severity', valueCoding: 'mild' },
    ]);
    expect(result).toMatchObject({ level: 'urgent', rules: ['SE3'], task: 'urgent' });
  });

  it('SE4: a moderate symptom gets guidance and a routine care-team task', () => {
    const result = check([
      { linkId: 'nausea', valueBoolean: true },
      { linkId: 'nausea-severity', valueCoding: 'moderate' },
    ]);
    expect(result).toEqual({
      level: 'review',
      rules: ['SE4'],
      guidance: ['nausea'],
      task: 'routine',
    });
  });

  it('SE5: mild symptoms only get self-care guidance and no task', () => {
    const result = check([
      { linkId: 'nausea', valueBoolean: true },
      { linkId: 'nausea-severity', valueCoding: 'mild' },
      { linkId: 'other', valueBoolean: true },
      { linkId: 'other-severity', valueCoding: 'mild' },
      { linkId: 'other-description', valueString: 'headache' },
    ]);
    expect(result).toEqual({
      level: 'guidance',
      rules: ['SE5'],
      guidance: ['nausea', 'other'],
      task: null,
    });
  });

  it('SE6: no symptom, nothing to do', () => {
    expect(check([])).toEqual({ level: 'none', rules: ['SE6'], guidance: [], task: null });
  });

  it('a severity without its symptom is a hidden answer, refused by the form', () => {
    const map = toAnswerMap(
      formAnswersInputSchema.parse([...none, { linkId: 'nausea-severity', valueCoding: 'severe' }]),
      () => undefined,
    );
    expect(validateAnswers(SIDE_EFFECT_CHECK_IN_V1, map, { complete: true })).toEqual([
      { linkId: 'nausea-severity', code: 'forms.hidden' },
    ]);
  });
});
