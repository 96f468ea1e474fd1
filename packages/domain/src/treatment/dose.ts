// Dose in mg to units on an insulin syringe, for a compounded medication's concentration.
// A U-100 syringe holds 100 units per ml, so units = mg / (mg per ml) × 100; spec 02 §9 gives
// the figures the tests check: 10 units is 0.25 mg of the lite program's semaglutide.

/** Units per ml of the syringes dispensed with compounded injectables (U-100). */
export const U100_UNITS_PER_ML = 100;

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

function checkPositive(value: number, name: string): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
  }
}

/** Units to draw for a dose: 0.25 mg at 2.5 mg/ml is 10 units on U-100 (to 0.1 unit). */
export function mgToSyringeUnits(
  doseMg: number,
  concentrationMgPerMl: number,
  unitsPerMl = U100_UNITS_PER_ML,
): number {
  checkPositive(doseMg, 'doseMg');
  checkPositive(concentrationMgPerMl, 'concentrationMgPerMl');
  checkPositive(unitsPerMl, 'unitsPerMl');
  return round((doseMg / concentrationMgPerMl) * unitsPerMl, 1);
}

/** The dose in mg that a number of units holds (to 0.001 mg). */
export function syringeUnitsToMg(
  units: number,
  concentrationMgPerMl: number,
  unitsPerMl = U100_UNITS_PER_ML,
): number {
  checkPositive(units, 'units');
  checkPositive(concentrationMgPerMl, 'concentrationMgPerMl');
  checkPositive(unitsPerMl, 'unitsPerMl');
  return round((units / unitsPerMl) * concentrationMgPerMl, 3);
}

/**
 * The concentration a kit's strength names ('2.5 mg/ml', '5mg/mL', '2.5 MG / ML'); null when
 * it is not in mg per ml (tablets, '10 mg').
 */
export function concentrationFromStrength(strength: string | null | undefined): number | null {
  const match = /(\d+(?:\.\d+)?)\s*mg\s*\/\s*ml\b/i.exec(strength ?? '');
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  return value > 0 ? value : null;
}
