// Money is integer cents end to end (spec 02 §9; DESIGN §4). These helpers never see a
// fraction of a cent: every input is checked, and the one division (a share of an amount)
// rounds by a single stated rule.

/** Throws unless `value` is a whole number of cents. */
export function assertCents(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be integer cents, got ${String(value)}`);
  }
  return value;
}

/** The sum of whole-cent amounts. */
export function sumCents(values: readonly number[]): number {
  return values.reduce((total, v) => total + assertCents(v), 0);
}

/**
 * `amount × numerator / denominator`, rounded to the nearest cent, half up (a share that
 * lands on exactly half a cent goes to the larger cent). Integer arithmetic only, so no
 * floating-point error: floor((2·a·n + d) / (2·d)). Amount and numerator are ≥ 0.
 */
export function shareOfCents(amount: number, numerator: number, denominator: number): number {
  assertCents(amount);
  if (amount < 0) throw new RangeError('amount must not be negative');
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('a share needs whole-number parts');
  }
  if (denominator <= 0 || numerator < 0 || numerator > denominator) {
    throw new RangeError(`bad share ${String(numerator)}/${String(denominator)}`);
  }
  return Math.floor((2 * amount * numerator + denominator) / (2 * denominator));
}

/** `percent`% of an amount, rounded half up like every share. */
export function percentOfCents(amount: number, percent: number): number {
  return shareOfCents(amount, percent, 100);
}
