import { describe, expect, it } from 'vitest';
import { canonicalOf, itemPrefill, walkItems, type FormDefinition } from '../questionnaire';
import { WM_INTAKE_V1, WM_INTAKE_V2 } from './wm-intake';

// Issue 15: a definition never changes once published; what the intake gained (prefilled
// current medications) is version 2, with the questions of version 1 unchanged.

const prefills = (definition: FormDefinition) =>
  Object.fromEntries(
    walkItems(definition.item).flatMap(({ item }) => {
      const source = itemPrefill(item);
      return source ? [[item.linkId, source]] : [];
    }),
  );
const withoutExtensions = (definition: FormDefinition) =>
  walkItems(definition.item).map(({ item }) => {
    const { extension: _ext, item: _children, ...rest } = item;
    return rest;
  });

describe('the intake versions', () => {
  it('version 1 does not prefill the current medications; version 2 does', () => {
    expect(prefills(WM_INTAKE_V1)).not.toHaveProperty('medication-list');
    expect(prefills(WM_INTAKE_V1)).not.toHaveProperty('takes-medications');
    expect(prefills(WM_INTAKE_V2)).toEqual({
      ...prefills(WM_INTAKE_V1),
      'takes-medications': 'takesMedications',
      'medication-list': 'medicationList',
    });
  });

  it('version 2 asks the same questions under its own canonical url|version', () => {
    expect(withoutExtensions(WM_INTAKE_V2)).toEqual(withoutExtensions(WM_INTAKE_V1));
    expect(canonicalOf(WM_INTAKE_V2)).not.toBe(canonicalOf(WM_INTAKE_V1));
    expect(WM_INTAKE_V2.url).toBe(WM_INTAKE_V1.url);
  });
});
