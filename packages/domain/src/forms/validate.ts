import { MAX_UPLOAD_BYTES } from '../schemas/treatment';
import { bmi } from '../weight/measures';
import { numberOf, type AnswerMap } from './answers';
import { enabledItems } from './enable-when';
import {
  canonicalOf,
  formPages,
  isQuestion,
  itemCalculated,
  itemIndex,
  itemMax,
  itemMin,
  itemRegex,
  pageOf,
  walkItems,
  type FormDefinition,
  type Questionnaire,
  type QuestionnaireItem,
  type QuestionnaireResponse,
  type QuestionnaireResponseItem,
  type QuestionnaireResponseItemAnswer,
} from './questionnaire';

// The server re-checks every answer and every branch against the definition the response is
// pinned to (REFERENCES.md "Forms": OpenEMR #10013 trusted the browser). Issues carry message
// keys of the forms catalogue.

export const FORM_ISSUES = [
  'forms.unknownQuestion',
  'forms.hidden',
  'forms.readOnly',
  'forms.required',
  'forms.wrongType',
  'forms.oneAnswer',
  'forms.notAnOption',
  'forms.tooLow',
  'forms.tooHigh',
  'forms.tooLong',
  'forms.pattern',
  'forms.fileType',
  'forms.fileSize',
] as const;
export type FormIssueCode = (typeof FORM_ISSUES)[number];
export interface FormIssue {
  linkId: string;
  code: FormIssueCode;
}

/** What an attachment may be: images and PDF only (issue 15). */
export const FORM_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;

const VALUE_KEY: Record<string, keyof QuestionnaireResponseItemAnswer> = {
  boolean: 'valueBoolean',
  decimal: 'valueDecimal',
  integer: 'valueInteger',
  date: 'valueDate',
  string: 'valueString',
  text: 'valueString',
  choice: 'valueCoding',
  attachment: 'valueAttachment',
};

function answerIssue(
  item: QuestionnaireItem,
  answer: QuestionnaireResponseItemAnswer,
): FormIssueCode | null {
  const key = VALUE_KEY[item.type ?? ''];
  const given = Object.keys(answer).filter((k) => k.startsWith('value'));
  // A whole number is a fine answer to a decimal question.
  const decimalAsInteger = item.type === 'decimal' && given[0] === 'valueInteger';
  if (!key || given.length !== 1 || (given[0] !== key && !decimalAsInteger))
    return 'forms.wrongType';
  const min = itemMin(item);
  const max = itemMax(item);
  switch (item.type) {
    case 'decimal':
    case 'integer': {
      const n = answer.valueDecimal ?? answer.valueInteger ?? Number.NaN;
      if (!Number.isFinite(n)) return 'forms.wrongType';
      if (typeof min === 'number' && n < min) return 'forms.tooLow';
      if (typeof max === 'number' && n > max) return 'forms.tooHigh';
      return null;
    }
    case 'date': {
      const d = answer.valueDate ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(d))) return 'forms.wrongType';
      if (typeof min === 'string' && d < min) return 'forms.tooLow';
      if (typeof max === 'string' && d > max) return 'forms.tooHigh';
      return null;
    }
    case 'string':
    case 'text': {
      const s = answer.valueString ?? '';
      if (item.maxLength !== undefined && s.length > item.maxLength) return 'forms.tooLong';
      const pattern = itemRegex(item);
      if (pattern && !new RegExp(`^(?:${pattern})$`, 'u').test(s)) return 'forms.pattern';
      return null;
    }
    case 'choice': {
      const code = answer.valueCoding?.code;
      const allowed = (item.answerOption ?? []).map((o) => o.valueCoding?.code);
      return code && allowed.includes(code) ? null : 'forms.notAnOption';
    }
    case 'attachment': {
      const file = answer.valueAttachment;
      if (
        !file?.contentType ||
        !(FORM_ATTACHMENT_TYPES as readonly string[]).includes(file.contentType)
      )
        return 'forms.fileType';
      if (file.size === undefined || file.size > MAX_UPLOAD_BYTES) return 'forms.fileSize';
      return null;
    }
    case 'boolean':
    case 'display':
    case 'group':
    case 'dateTime':
    case 'time':
    case 'open-choice':
    case 'quantity':
    case 'question':
    case 'reference':
    case 'url':
    case undefined:
      return null;
  }
}

/**
 * Checks answers against a definition: each answered linkId must be a question of the form,
 * shown by its branch, writable, of the item's type and within its limits; with `complete`,
 * every shown required question must be answered too.
 */
export function validateAnswers(
  definition: Questionnaire,
  answers: AnswerMap,
  options: { complete: boolean },
): FormIssue[] {
  const items = itemIndex(definition);
  const shown = enabledItems(definition, answers);
  const issues: FormIssue[] = [];
  for (const [linkId, list] of answers) {
    const item = items.get(linkId);
    if (!item || !isQuestion(item)) {
      issues.push({ linkId, code: 'forms.unknownQuestion' });
      continue;
    }
    if (!shown.get(linkId)) {
      issues.push({ linkId, code: 'forms.hidden' });
      continue;
    }
    // A calculated answer must be what the form works out; any other read-only one is refused.
    if (item.readOnly && (itemCalculated(item) !== 'bmi' || numberOf(list) !== formBmi(answers))) {
      issues.push({ linkId, code: 'forms.readOnly' });
      continue;
    }
    if (list.length > 1 && !item.repeats) {
      issues.push({ linkId, code: 'forms.oneAnswer' });
      continue;
    }
    const codes = list.map((a) => answerIssue(item, a)).filter((c) => c !== null);
    if (codes[0]) issues.push({ linkId, code: codes[0] });
  }
  if (options.complete) {
    for (const { item } of walkItems(definition.item)) {
      if (
        item.required &&
        isQuestion(item) &&
        shown.get(item.linkId) &&
        !answers.get(item.linkId)?.length
      ) {
        issues.push({ linkId: item.linkId, code: 'forms.required' });
      }
    }
  }
  return issues;
}

/**
 * One page's save: that page's answers are replaced by the ones sent (a cleared field clears),
 * answers of other pages stay, and a stored answer whose branch the new answers hide is
 * dropped. Answers sent to a hidden question are kept here so validation refuses them.
 * Calculated items (BMI) are recomputed by the server, never taken from the browser.
 */
export function mergePage(
  definition: Questionnaire,
  stored: AnswerMap,
  sent: AnswerMap,
  page: string | null,
): AnswerMap {
  const merged: AnswerMap = new Map();
  for (const [linkId, list] of stored) {
    const onPage = page !== null && pageOf(definition, linkId) === page;
    if (!onPage && !sent.has(linkId)) merged.set(linkId, list);
  }
  for (const [linkId, list] of sent) merged.set(linkId, list);
  for (;;) {
    const shown = enabledItems(definition, merged);
    const stale = [...merged.keys()].filter((id) => !sent.has(id) && shown.get(id) === false);
    if (stale.length === 0) break;
    for (const id of stale) merged.delete(id);
  }
  return withCalculated(definition, merged);
}

/** The answers with each calculated item filled in (or removed when it cannot be). */
export function withCalculated(definition: Questionnaire, answers: AnswerMap): AnswerMap {
  const out: AnswerMap = new Map(answers);
  for (const { item } of walkItems(definition.item)) {
    if (itemCalculated(item) !== 'bmi') continue;
    const value = formBmi(answers);
    if (value === null) out.delete(item.linkId);
    else out.set(item.linkId, [{ valueDecimal: value }]);
  }
  return out;
}

/** LinkIds the intake and follow-up use for height and weight, so the BMI can be worked out. */
export const BMI_LINK_IDS = {
  feet: 'height-ft',
  inches: 'height-in',
  weight: 'weight-lb',
} as const;

/** Spec 02 §5's BMI (one decimal) from a form's height and weight answers; null without both. */
export function formBmi(answers: AnswerMap): number | null {
  const feet = numberOf(answers.get(BMI_LINK_IDS.feet));
  const inches = numberOf(answers.get(BMI_LINK_IDS.inches)) ?? 0;
  const weight = numberOf(answers.get(BMI_LINK_IDS.weight));
  if (feet === undefined || weight === undefined) return null;
  return bmi({ feet, inches }, weight);
}

/** A stored response's answers by linkId (flattening its groups). */
export function answersOf(response: Pick<QuestionnaireResponse, 'item'>): AnswerMap {
  const map: AnswerMap = new Map();
  const visit = (items: QuestionnaireResponseItem[] | undefined) => {
    for (const item of items ?? []) {
      if (item.answer?.length) map.set(item.linkId, item.answer);
      visit(item.item);
    }
  };
  visit(response.item);
  return map;
}

/** The QuestionnaireResponse items for these answers, nested as the definition's groups. */
export function responseItems(
  definition: Questionnaire,
  answers: AnswerMap,
): QuestionnaireResponseItem[] {
  const build = (items: QuestionnaireItem[] | undefined): QuestionnaireResponseItem[] => {
    const out: QuestionnaireResponseItem[] = [];
    for (const item of items ?? []) {
      if (item.type === 'group') {
        const children = build(item.item);
        if (children.length) out.push({ linkId: item.linkId, item: children });
      } else if (answers.get(item.linkId)?.length) {
        const entry: QuestionnaireResponseItem = {
          linkId: item.linkId,
          answer: answers.get(item.linkId),
        };
        if (item.text) entry.text = item.text;
        out.push(entry);
      }
    }
    return out;
  };
  return build(definition.item);
}

/** A QuestionnaireResponse pinned to `url|version`, so its meaning never moves. */
export function buildResponse(
  definition: FormDefinition,
  answers: AnswerMap,
  status: 'in-progress' | 'completed',
  authored: string,
): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    questionnaire: canonicalOf(definition),
    status,
    authored,
    item: responseItems(definition, answers),
  };
}

/** The first page with a shown, required question still unanswered (where to resume). */
export function resumePage(definition: Questionnaire, answers: AnswerMap): string | null {
  const shown = enabledItems(definition, answers);
  for (const page of formPages(definition)) {
    if (!shown.get(page.linkId)) continue;
    const missing = walkItems(page.item).some(
      ({ item }) =>
        item.required &&
        isQuestion(item) &&
        shown.get(item.linkId) &&
        !answers.get(item.linkId)?.length,
    );
    if (missing) return page.linkId;
  }
  return null;
}
