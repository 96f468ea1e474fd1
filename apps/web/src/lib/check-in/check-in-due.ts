// Issue 44: when the side-effect check-in (issue 15, `/forms/side-effect-check-in`) is offered.
// It is for a customer on a dosed treatment (a GLP-1: its kit has a weekly dose), derived from
// the prescriptions the server already sends and the check-ins already completed:
//   CI1 the weekly dose changed (a newer prescription at another dose) since the last check-in
//       → 'doseChange'
//   CI2 four weeks on treatment since the last check-in (or since the first dosed prescription
//       when there is none) → 'fourWeeks'
//   CI3 otherwise, or no dosed prescription that is not cancelled → not due

export const SIDE_EFFECT_CHECK_IN_PATH = '/forms/side-effect-check-in';
export const SIDE_EFFECT_CHECK_IN_SHORT_ID = 'side-effect-check-in';
export const CHECK_IN_INTERVAL_DAYS = 28;

export type CheckInReason = 'doseChange' | 'fourWeeks';

export interface DosedPrescriptionFacts {
  created_at: string;
  status: { name: string };
  kit_snapshots: readonly { weekly_dose_mg?: number | null }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function weeklyDose(p: DosedPrescriptionFacts): number | null {
  const dose = p.kit_snapshots.find((k) => k.weekly_dose_mg != null)?.weekly_dose_mg;
  return dose ?? null;
}

export function checkInDue(
  prescriptions: readonly DosedPrescriptionFacts[],
  completedCheckIns: readonly (string | null | undefined)[],
  now: Date,
): CheckInReason | null {
  const dosed = prescriptions
    .filter((p) => p.status.name !== 'Cancelled')
    .map((p) => ({ at: Date.parse(p.created_at), dose: weeklyDose(p) }))
    .filter((p): p is { at: number; dose: number } => p.dose !== null && !Number.isNaN(p.at))
    .sort((a, b) => a.at - b.at);
  const first = dosed[0];
  if (!first) return null;
  const lastCheckIn = completedCheckIns
    .map((c) => (c ? Date.parse(c) : NaN))
    .filter((t) => !Number.isNaN(t))
    .reduce<number | null>((max, t) => (max === null || t > max ? t : max), null);

  let lastDoseChange: number | null = null;
  for (let i = 1; i < dosed.length; i += 1) {
    if (dosed[i]!.dose !== dosed[i - 1]!.dose) lastDoseChange = dosed[i]!.at;
  }
  if (lastDoseChange !== null && (lastCheckIn === null || lastDoseChange > lastCheckIn)) {
    return 'doseChange';
  }
  const since = lastCheckIn ?? first.at;
  return now.getTime() - since >= CHECK_IN_INTERVAL_DAYS * DAY_MS ? 'fourWeeks' : null;
}
