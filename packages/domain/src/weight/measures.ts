import { HUNDREDTHS_PER_POUND, WEIGHT_BOUNDS_LB } from '../constants';

// Spec 02 §5: weight bounds, the stored value, BMI, progress and total lost. Weights are kept
// in integer hundredths of a pound (unit on every row, spec 02 §3); height in whole inches.

/** Spec 02 §5: a weight (current, goal, start) must be 50 to 1400 lb inclusive. */
export function isWeightInBounds(lb: number): boolean {
  return Number.isFinite(lb) && lb >= WEIGHT_BOUNDS_LB.min && lb <= WEIGHT_BOUNDS_LB.max;
}

/** Spec 02 §5: the stored value is the entered value times 100, rounded. */
export function poundsToHundredths(lb: number): number {
  return Math.round(lb * HUNDREDTHS_PER_POUND);
}

export function hundredthsToPounds(hundredths: number): number {
  return hundredths / HUNDREDTHS_PER_POUND;
}

/** Stored-value bounds of a weight row (hundredths of a pound). */
export const WEIGHT_BOUNDS_HUNDREDTHS = {
  min: WEIGHT_BOUNDS_LB.min * HUNDREDTHS_PER_POUND,
  max: WEIGHT_BOUNDS_LB.max * HUNDREDTHS_PER_POUND,
} as const;

/** A valid height: whole inches, more than zero and at most 9 ft (ours: "Height must be valid"). */
export const HEIGHT_BOUNDS_IN = { min: 1, max: 108 } as const;

export function isHeightInBounds(inches: number): boolean {
  return (
    Number.isInteger(inches) && inches >= HEIGHT_BOUNDS_IN.min && inches <= HEIGHT_BOUNDS_IN.max
  );
}

export function feetInchesToInches(feet: number, inches: number): number {
  return feet * 12 + inches;
}

export function inchesToFeetInches(total: number): { feet: number; inches: number } {
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

/** Rounds half away from zero at `places` decimals, without binary drift (1.005 → 1.01). */
export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * factor).toPrecision(12)))) / factor;
}

/**
 * Spec 02 §5: BMI from height in feet and inches and weight in pounds, one decimal
 * (703 × lb / in²). Null when the height is not valid.
 */
export function bmi(height: { feet: number; inches: number }, weightLb: number): number | null {
  const total = feetInchesToInches(height.feet, height.inches);
  if (!(total > 0) || !Number.isFinite(weightLb)) return null;
  return roundTo((703 * weightLb) / (total * total), 1);
}

/**
 * Spec 02 §5: progress percent = lost weight over (start − goal), two decimals. Null when
 * start equals goal (no distance to cover).
 */
export function progressPercent(startLb: number, currentLb: number, goalLb: number): number | null {
  const distance = startLb - goalLb;
  if (distance === 0 || !Number.isFinite(distance)) return null;
  return roundTo(((startLb - currentLb) / distance) * 100, 2);
}

/** Spec 02 §5: total lost = floor(start − current), in whole pounds. */
export function totalLost(startLb: number, currentLb: number): number {
  // toPrecision keeps 210.5 − 200.2 (= 10.299999…) from flooring a hair low on exact values.
  return Math.floor(Number((startLb - currentLb).toPrecision(12)));
}

/** Beyond the spec (issue 13): percent of body weight lost since the start, one decimal. */
export function percentBodyWeightLost(startLb: number, currentLb: number): number | null {
  if (!(startLb > 0)) return null;
  return roundTo(((startLb - currentLb) / startLb) * 100, 1);
}
