// Issue 9: a customer who has not started care sees one clear next step on home, never a
// list of them. The order is what blocks care first: an intake a booked visit waits for, then
// choosing a treatment (which starts with its intake), then booking the first visit. In care,
// the side-effect check-in when it is due (issue 44: after a dose change, every four weeks).

import type { CheckInReason } from '../../lib/check-in/check-in-due';

export type HomeNextStep =
  'finishIntake' | 'startIntake' | 'bookFirstVisit' | 'checkInDoseChange' | 'checkInFourWeeks';

export interface NextStepFacts {
  /** At least one active subscription (active or non_renewing). */
  hasActiveTreatment: boolean;
  /** A booked visit still needs the intake form. */
  intakeNeeded: boolean;
  /** Any appointment at all, past, upcoming or async. */
  hasAppointments: boolean;
  /** Why the side-effect check-in is due (check-in-due.ts), or null. */
  checkInDue?: CheckInReason | null;
}

export function homeNextStep(facts: NextStepFacts): HomeNextStep | null {
  if (facts.intakeNeeded) return 'finishIntake';
  if (!facts.hasActiveTreatment) return 'startIntake';
  if (!facts.hasAppointments) return 'bookFirstVisit';
  if (facts.checkInDue === 'doseChange') return 'checkInDoseChange';
  if (facts.checkInDue === 'fourWeeks') return 'checkInFourWeeks';
  return null;
}
