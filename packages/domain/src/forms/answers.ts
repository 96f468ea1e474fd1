import { z } from 'zod';
import type { QuestionnaireResponseItemAnswer } from './questionnaire';

// One answer as the portal sends it: a question's linkId and one value of FHIR's answer[x]
// (a multi-choice question gets one entry per chosen option). An attachment is sent as the id
// of a document the customer uploaded; the server turns it into a valueAttachment.

export const LINK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const isoDate = z.iso.date({ message: 'forms.invalidDate' });

/** Longest free text a form takes (a text item's own maxLength may be lower). */
export const FORM_TEXT_MAX = 4000;
/** Most answers one save may carry. */
export const FORM_ANSWERS_MAX = 300;

export const formAnswerInputSchema = z
  .strictObject({
    linkId: z.string().regex(LINK_ID, 'forms.unknownQuestion'),
    valueString: z.string().trim().max(FORM_TEXT_MAX, 'forms.tooLong').optional(),
    valueInteger: z.number().int('forms.wholeNumber').optional(),
    valueDecimal: z.number().finite().optional(),
    valueDate: isoDate.optional(),
    valueBoolean: z.boolean().optional(),
    valueCoding: z.string().trim().min(1).max(100).optional(),
    valueAttachmentId: z.uuid('forms.invalidFile').optional(),
  })
  .refine((a) => Object.keys(a).filter((k) => k.startsWith('value')).length === 1, {
    message: 'forms.oneValue',
    path: ['value'],
  });
export type FormAnswerInput = z.output<typeof formAnswerInputSchema>;

export const formAnswersInputSchema = z.array(formAnswerInputSchema).max(FORM_ANSWERS_MAX);

/** Answers by linkId, as a response holds them (FHIR answer values). */
export type AnswerMap = Map<string, QuestionnaireResponseItemAnswer[]>;

/**
 * The answers of a save as FHIR values; attachments resolved by the caller (the server looks
 * the document up, so its type and size come from the file, not from the browser).
 */
export function toAnswerMap(
  inputs: readonly FormAnswerInput[],
  attachment: (documentId: string) => QuestionnaireResponseItemAnswer['valueAttachment'],
): AnswerMap {
  const map: AnswerMap = new Map();
  for (const input of inputs) {
    const list = map.get(input.linkId) ?? [];
    if (input.valueString !== undefined) list.push({ valueString: input.valueString });
    else if (input.valueInteger !== undefined) list.push({ valueInteger: input.valueInteger });
    else if (input.valueDecimal !== undefined) list.push({ valueDecimal: input.valueDecimal });
    else if (input.valueDate !== undefined) list.push({ valueDate: input.valueDate });
    else if (input.valueBoolean !== undefined) list.push({ valueBoolean: input.valueBoolean });
    else if (input.valueCoding !== undefined)
      list.push({ valueCoding: { code: input.valueCoding } });
    else if (input.valueAttachmentId !== undefined)
      list.push({ valueAttachment: attachment(input.valueAttachmentId) });
    // An empty string is no answer (the customer cleared the field).
    if (list.length > 0 && list.at(-1)?.valueString === '') list.pop();
    map.set(input.linkId, list);
  }
  for (const [linkId, list] of map) if (list.length === 0) map.delete(linkId);
  return map;
}

/** The single number of an answer list, whichever numeric type it is. */
export function numberOf(
  answers: QuestionnaireResponseItemAnswer[] | undefined,
): number | undefined {
  const a = answers?.[0];
  return a?.valueDecimal ?? a?.valueInteger;
}

/** The ids of the documents a response's attachment answers point at. */
export function attachmentIds(answers: AnswerMap): string[] {
  return [...answers.values()].flatMap((list) =>
    list.flatMap((a) => (a.valueAttachment?.id ? [a.valueAttachment.id] : [])),
  );
}
