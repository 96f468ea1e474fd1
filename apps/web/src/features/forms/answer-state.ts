import {
  pageOf,
  walkItems,
  isQuestion,
  type AnswerMap,
  type FormAnswerInput,
  type Questionnaire,
  type QuestionnaireResponseItemAnswer,
} from '@portal/domain';

// The renderer keeps answers as the response holds them (FHIR answer values by linkId), so the
// domain's enableWhen and validation run on the same shape the server checks.

/** FHIR answers to the inputs a save sends. */
export function toInputs(
  linkId: string,
  answers: QuestionnaireResponseItemAnswer[],
): FormAnswerInput[] {
  return answers.flatMap((a): FormAnswerInput[] => {
    if (a.valueString !== undefined) return [{ linkId, valueString: a.valueString }];
    if (a.valueInteger !== undefined) return [{ linkId, valueInteger: a.valueInteger }];
    if (a.valueDecimal !== undefined) return [{ linkId, valueDecimal: a.valueDecimal }];
    if (a.valueDate !== undefined) return [{ linkId, valueDate: a.valueDate }];
    if (a.valueBoolean !== undefined) return [{ linkId, valueBoolean: a.valueBoolean }];
    if (a.valueCoding?.code) return [{ linkId, valueCoding: a.valueCoding.code }];
    if (a.valueAttachment?.id) return [{ linkId, valueAttachmentId: a.valueAttachment.id }];
    return [];
  });
}

/** Prefill inputs as FHIR answers. */
export function fromInputs(inputs: readonly FormAnswerInput[]): AnswerMap {
  const map: AnswerMap = new Map();
  for (const i of inputs) {
    const list = map.get(i.linkId) ?? [];
    if (i.valueString !== undefined) list.push({ valueString: i.valueString });
    else if (i.valueInteger !== undefined) list.push({ valueInteger: i.valueInteger });
    else if (i.valueDecimal !== undefined) list.push({ valueDecimal: i.valueDecimal });
    else if (i.valueDate !== undefined) list.push({ valueDate: i.valueDate });
    else if (i.valueBoolean !== undefined) list.push({ valueBoolean: i.valueBoolean });
    else if (i.valueCoding !== undefined) list.push({ valueCoding: { code: i.valueCoding } });
    map.set(i.linkId, list);
  }
  return map;
}

/** The answers of one page's shown, writable questions, as a save sends them. */
export function pageInputs(
  definition: Questionnaire,
  answers: AnswerMap,
  page: string,
  shown: Map<string, boolean>,
): FormAnswerInput[] {
  return walkItems(definition.item)
    .filter(({ item }) => isQuestion(item) && !item.readOnly && shown.get(item.linkId))
    .filter(({ item }) => pageOf(definition, item.linkId) === page)
    .flatMap(({ item }) => toInputs(item.linkId, answers.get(item.linkId) ?? []));
}
