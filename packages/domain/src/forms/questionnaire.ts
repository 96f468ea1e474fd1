import type {
  Coding,
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';

// Forms are FHIR R4 Questionnaires (issue 15; REFERENCES.md "Forms"): the types come from
// @medplum/fhirtypes, the features we use beyond the core are the standard's own extensions
// (min/max, regex, unit, SDC item control "page"), and one of ours for prefill.

export type {
  Coding,
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
};

export const FHIR_EXT = {
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  regex: 'http://hl7.org/fhir/StructureDefinition/regex',
  unit: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
  itemControl: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
  /** Ours: what the portal already knows and fills in (name, date of birth, weight …). */
  prefill: 'https://portal.example/fhir/StructureDefinition/prefill',
  /** Ours: a read-only item the server calculates (bmi). */
  calculated: 'https://portal.example/fhir/StructureDefinition/calculated',
} as const;

/** The item types a form may use (R4 Questionnaire.item.type). */
export const FORM_ITEM_TYPES = [
  'group',
  'display',
  'boolean',
  'decimal',
  'integer',
  'date',
  'string',
  'text',
  'choice',
  'attachment',
] as const;
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

export const PREFILL_SOURCES = [
  'firstName',
  'lastName',
  'dob',
  'weightLb',
  'heightFeet',
  'heightInches',
  'takesMedications',
  'medicationList',
] as const;
export type PrefillSource = (typeof PREFILL_SOURCES)[number];

export type CalculatedValue = 'bmi';

/** A definition as the server stores it: a Questionnaire with its canonical url and version. */
export type FormDefinition = Questionnaire & { url: string; version: string; name: string };

/** `url|version`: what a response points at, so a new version never changes its meaning. */
export function canonicalOf(definition: Pick<FormDefinition, 'url' | 'version'>): string {
  return `${definition.url}|${definition.version}`;
}

export function parseCanonical(canonical: string): { url: string; version: string } | null {
  const bar = canonical.lastIndexOf('|');
  if (bar <= 0 || bar === canonical.length - 1) return null;
  return { url: canonical.slice(0, bar), version: canonical.slice(bar + 1) };
}

function extension(item: QuestionnaireItem, url: string): Extension | undefined {
  return item.extension?.find((e) => e.url === url);
}

/** The number (or date) an answer must not be below, from the minValue extension. */
export function itemMin(item: QuestionnaireItem): number | string | undefined {
  const e = extension(item, FHIR_EXT.minValue);
  return e?.valueInteger ?? e?.valueDecimal ?? e?.valueDate;
}

export function itemMax(item: QuestionnaireItem): number | string | undefined {
  const e = extension(item, FHIR_EXT.maxValue);
  return e?.valueInteger ?? e?.valueDecimal ?? e?.valueDate;
}

export function itemRegex(item: QuestionnaireItem): string | undefined {
  return extension(item, FHIR_EXT.regex)?.valueString;
}

/** The unit a number is asked in (lb, in, ft), from the questionnaire-unit extension. */
export function itemUnit(item: QuestionnaireItem): Coding | undefined {
  return extension(item, FHIR_EXT.unit)?.valueCoding;
}

export function itemPrefill(item: QuestionnaireItem): PrefillSource | undefined {
  const code = extension(item, FHIR_EXT.prefill)?.valueCode;
  return (PREFILL_SOURCES as readonly string[]).includes(code ?? '')
    ? (code as PrefillSource)
    : undefined;
}

export function itemCalculated(item: QuestionnaireItem): CalculatedValue | undefined {
  return extension(item, FHIR_EXT.calculated)?.valueCode === 'bmi' ? 'bmi' : undefined;
}

/** The pages of a form: its top-level groups, one page each (SDC item control "page"). */
export function formPages(definition: Questionnaire): QuestionnaireItem[] {
  return (definition.item ?? []).filter((i) => i.type === 'group');
}

/** Every item with the chain of its ancestors, depth first, in the order of the form. */
export function walkItems(
  items: QuestionnaireItem[] | undefined,
  ancestors: QuestionnaireItem[] = [],
): { item: QuestionnaireItem; ancestors: QuestionnaireItem[] }[] {
  const out: { item: QuestionnaireItem; ancestors: QuestionnaireItem[] }[] = [];
  for (const item of items ?? []) {
    out.push({ item, ancestors });
    out.push(...walkItems(item.item, [...ancestors, item]));
  }
  return out;
}

/** The items of a definition by linkId. */
export function itemIndex(definition: Questionnaire): Map<string, QuestionnaireItem> {
  return new Map(walkItems(definition.item).map(({ item }) => [item.linkId, item]));
}

/** The page (top-level group) an item sits on. */
export function pageOf(definition: Questionnaire, linkId: string): string | undefined {
  for (const { item, ancestors } of walkItems(definition.item)) {
    if (item.linkId === linkId) return (ancestors[0] ?? item).linkId;
  }
  return undefined;
}

/** Items that take answers (not groups, not display text). */
export function isQuestion(item: QuestionnaireItem): boolean {
  return item.type !== 'group' && item.type !== 'display';
}

/** Small builders for definitions written in TypeScript. */
export const ext = {
  min: (v: number): Extension =>
    Number.isInteger(v)
      ? { url: FHIR_EXT.minValue, valueInteger: v }
      : { url: FHIR_EXT.minValue, valueDecimal: v },
  max: (v: number): Extension =>
    Number.isInteger(v)
      ? { url: FHIR_EXT.maxValue, valueInteger: v }
      : { url: FHIR_EXT.maxValue, valueDecimal: v },
  minDate: (v: string): Extension => ({ url: FHIR_EXT.minValue, valueDate: v }),
  regex: (pattern: string): Extension => ({ url: FHIR_EXT.regex, valueString: pattern }),
  unit: (code: string, display: string): Extension => ({
    url: FHIR_EXT.unit,
    valueCoding: { system: 'http://unitsofmeasure.org', code, display },
  }),
  page: (): Extension => ({
    url: FHIR_EXT.itemControl,
    valueCodeableConcept: {
      coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'page' }],
    },
  }),
  prefill: (source: PrefillSource): Extension => ({ url: FHIR_EXT.prefill, valueCode: source }),
  calculated: (what: CalculatedValue): Extension => ({
    url: FHIR_EXT.calculated,
    valueCode: what,
  }),
};

/** Choice options from codes and their English text. */
export function options(
  pairs: readonly (readonly [string, string])[],
): QuestionnaireItem['answerOption'] {
  return pairs.map(([code, display]) => ({ valueCoding: { code, display } }));
}
