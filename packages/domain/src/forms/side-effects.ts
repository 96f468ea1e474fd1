import type { AnswerMap } from './answers';
import {
  SIDE_EFFECT_SYMPTOMS,
  type Severity,
  type SideEffectSymptom,
} from './definitions/side-effect-check-in';

// Rules of the side-effect check-in (issue 15). Each rule has an id that its test names.
//   SE1 any symptom rated severe                      → urgent: banner now, urgent care task
//   SE2 vomiting and cannot keep fluids down          → urgent (dehydration)
//   SE3 abdominal pain together with vomiting         → urgent (signs of pancreatitis, a GLP-1
//                                                        warning), whatever the severity
//   SE4 a moderate symptom, nothing urgent            → guidance and a routine care task
//   SE5 only mild symptoms                            → self-care guidance, no task
//   SE6 no symptom                                    → nothing to do

export type SideEffectRule = 'SE1' | 'SE2' | 'SE3' | 'SE4' | 'SE5' | 'SE6';
export type SideEffectLevel = 'urgent' | 'review' | 'guidance' | 'none';

export interface SideEffectAssessment {
  level: SideEffectLevel;
  /** The rules that fired, in order. */
  rules: SideEffectRule[];
  /** Symptoms to show self-care guidance for (the forms catalogue's guidance.<symptom>). */
  guidance: SideEffectSymptom[];
  /** Whether the care team gets a task, and how soon. */
  task: 'urgent' | 'routine' | null;
}

function yes(answers: AnswerMap, linkId: string): boolean {
  return answers.get(linkId)?.[0]?.valueBoolean === true;
}

function severity(answers: AnswerMap, s: SideEffectSymptom): Severity | null {
  if (!yes(answers, s)) return null;
  const code = answers.get(`${s}-severity`)?.[0]?.valueCoding?.code;
  return code === 'mild' || code === 'moderate' || code === 'severe' ? code : 'mild';
}

export function assessSideEffects(answers: AnswerMap): SideEffectAssessment {
  const reported = SIDE_EFFECT_SYMPTOMS.map((s) => ({ s, level: severity(answers, s) })).filter(
    (r): r is { s: SideEffectSymptom; level: Severity } => r.level !== null,
  );
  const rules: SideEffectRule[] = [];
  if (reported.some((r) => r.level === 'severe')) rules.push('SE1');
  if (yes(answers, 'vomiting') && answers.get('keeps-fluids-down')?.[0]?.valueBoolean === false)
    rules.push('SE2');
  if (yes(answers, 'abdominal-pain') && yes(answers, 'vomiting')) rules.push('SE3');
  const guidance = reported.map((r) => r.s);
  if (rules.length > 0) return { level: 'urgent', rules, guidance, task: 'urgent' };
  if (reported.some((r) => r.level === 'moderate'))
    return { level: 'review', rules: ['SE4'], guidance, task: 'routine' };
  if (reported.length > 0) return { level: 'guidance', rules: ['SE5'], guidance, task: null };
  return { level: 'none', rules: ['SE6'], guidance: [], task: null };
}
