// Issue 9: a customer who has not started care sees one clear next step on home, never a
// list of them. The order is what blocks care first: an intake a booked visit waits for, then
// choosing a treatment (which starts with its intake), then booking the first visit.

export type HomeNextStep = 'finishIntake' | 'startIntake' | 'bookFirstVisit';

export interface NextStepFacts {
  /** At least one active subscription (active or non_renewing). */
  hasActiveTreatment: boolean;
  /** A booked visit still needs the intake form. */
  intakeNeeded: boolean;
  /** Any appointment at all, past, upcoming or async. */
  hasAppointments: boolean;
}

export function homeNextStep(facts: NextStepFacts): HomeNextStep | null {
  if (facts.intakeNeeded) return 'finishIntake';
  if (!facts.hasActiveTreatment) return 'startIntake';
  if (!facts.hasAppointments) return 'bookFirstVisit';
  return null;
}
