import { describe, expect, it } from 'vitest';
import { BULK_VIAL, LITE_PROGRAM_WEEKLY_DOSE } from '../constants';
import { concentrationFromStrength, mgToSyringeUnits, syringeUnitsToMg } from './dose';

describe('dose in mg to syringe units (U-100)', () => {
  it('spec 02 §9: the lite program’s 0.25 mg is 10 units at 2.5 mg/ml', () => {
    expect(mgToSyringeUnits(LITE_PROGRAM_WEEKLY_DOSE.mg, 2.5)).toBe(LITE_PROGRAM_WEEKLY_DOSE.units);
    expect(syringeUnitsToMg(LITE_PROGRAM_WEEKLY_DOSE.units, 2.5)).toBe(LITE_PROGRAM_WEEKLY_DOSE.mg);
  });

  it.each([
    // [mg, mg/ml, units]
    [0.25, 2.5, 10],
    [0.5, 2.5, 20],
    [1, 2.5, 40],
    [1.7, 2.5, 68],
    [2.4, 2.5, 96],
    // Spec 02 §9: bulk vials are 5 mg per ml.
    [0.25, BULK_VIAL.concentrationMgPerMl, 5],
    [2.4, BULK_VIAL.concentrationMgPerMl, 48],
    [2.5, 10, 25],
    [0.1, 3, 3.3],
  ])('%s mg at %s mg/ml is %s units', (mg, concentration, units) => {
    expect(mgToSyringeUnits(mg, concentration)).toBe(units);
  });

  it('a U-40 syringe reads differently', () => {
    expect(mgToSyringeUnits(0.25, 2.5, 40)).toBe(4);
  });

  it.each([
    [0, 2.5],
    [0.25, 0],
    [-1, 2.5],
    [Number.NaN, 2.5],
    [0.25, Number.POSITIVE_INFINITY],
  ])('refuses %s mg at %s mg/ml', (mg, concentration) => {
    expect(() => mgToSyringeUnits(mg, concentration)).toThrow(RangeError);
  });

  it.each([
    ['2.5 mg/ml', 2.5],
    ['5mg/mL', 5],
    ['Semaglutide 2.5 MG / ML', 2.5],
    ['10 mg', null],
    ['', null],
    [null, null],
  ])('strength %s has concentration %s', (strength, concentration) => {
    expect(concentrationFromStrength(strength)).toBe(concentration);
  });
});
