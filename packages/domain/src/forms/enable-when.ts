import type { QuestionnaireItem, QuestionnaireItemEnableWhen } from './questionnaire';
import { walkItems, type Questionnaire } from './questionnaire';
import type { AnswerMap } from './answers';
import type { QuestionnaireResponseItemAnswer } from './questionnaire';

// FHIR R4 enableWhen: an item shows when its conditions hold (enableBehavior all, the
// default, or any) and every ancestor shows. The answers of a hidden question count as none,
// so a branch hidden by a hidden question is hidden too.

function comparable(
  answer: QuestionnaireResponseItemAnswer,
): string | number | boolean | undefined {
  return (
    answer.valueBoolean ??
    answer.valueDecimal ??
    answer.valueInteger ??
    answer.valueDate ??
    answer.valueString ??
    answer.valueCoding?.code
  );
}

function expected(condition: QuestionnaireItemEnableWhen): string | number | boolean | undefined {
  return (
    condition.answerBoolean ??
    condition.answerDecimal ??
    condition.answerInteger ??
    condition.answerDate ??
    condition.answerString ??
    condition.answerCoding?.code
  );
}

function holds(
  condition: QuestionnaireItemEnableWhen,
  answers: QuestionnaireResponseItemAnswer[],
): boolean {
  if (condition.operator === 'exists') return answers.length > 0 === condition.answerBoolean;
  const want = expected(condition);
  const values = answers.map(comparable).filter((v) => v !== undefined);
  switch (condition.operator) {
    case '=':
      return values.some((v) => v === want);
    case '!=':
      // R4: true when no answer equals the value (an unanswered question included).
      return !values.some((v) => v === want);
    case '>':
      return want !== undefined && values.some((v) => v > want);
    case '<':
      return want !== undefined && values.some((v) => v < want);
    case '>=':
      return want !== undefined && values.some((v) => v >= want);
    case '<=':
      return want !== undefined && values.some((v) => v <= want);
    default:
      return false;
  }
}

/** Which items of a definition show, given these answers (linkId → shown). */
export function enabledItems(definition: Questionnaire, answers: AnswerMap): Map<string, boolean> {
  const walked = walkItems(definition.item);
  const byLinkId = new Map(walked.map((w) => [w.item.linkId, w]));
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();

  const enabled = (linkId: string): boolean => {
    const known = memo.get(linkId);
    if (known !== undefined) return known;
    const entry = byLinkId.get(linkId);
    // A condition on a question the form does not have, or a cycle, never holds.
    if (!entry || visiting.has(linkId)) return false;
    visiting.add(linkId);
    const result = entry.ancestors.every((a) => enabled(a.linkId)) && ownConditionsHold(entry.item);
    visiting.delete(linkId);
    memo.set(linkId, result);
    return result;
  };

  const ownConditionsHold = (item: QuestionnaireItem): boolean => {
    const conditions = item.enableWhen ?? [];
    if (conditions.length === 0) return true;
    const results = conditions.map((c) =>
      holds(c, c.question && enabled(c.question) ? (answers.get(c.question) ?? []) : []),
    );
    return item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
  };

  return new Map(walked.map((w) => [w.item.linkId, enabled(w.item.linkId)]));
}
