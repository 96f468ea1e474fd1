import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n';
import { homeNextStep, type HomeNextStep } from './next-step';

const ESTABLISHED = { hasActiveTreatment: true, intakeNeeded: false, hasAppointments: true };

describe("home's one next step (issue 9)", () => {
  it('an established customer in care has none', () => {
    expect(homeNextStep(ESTABLISHED)).toBeNull();
  });

  it('a customer without a treatment starts the intake', () => {
    expect(homeNextStep({ ...ESTABLISHED, hasActiveTreatment: false })).toBe('startIntake');
    expect(
      homeNextStep({ hasActiveTreatment: false, intakeNeeded: false, hasAppointments: false }),
    ).toBe('startIntake');
  });

  it('an unfinished intake comes first, whatever else is missing', () => {
    expect(homeNextStep({ ...ESTABLISHED, intakeNeeded: true })).toBe('finishIntake');
    expect(
      homeNextStep({ hasActiveTreatment: false, intakeNeeded: true, hasAppointments: false }),
    ).toBe('finishIntake');
  });

  it('a customer with a plan and no visit yet books the first one', () => {
    expect(homeNextStep({ ...ESTABLISHED, hasAppointments: false })).toBe('bookFirstVisit');
  });

  it('in care, a due side-effect check-in is the next step, after anything that blocks care (issue 44)', () => {
    expect(homeNextStep({ ...ESTABLISHED, checkInDue: 'doseChange' })).toBe('checkInDoseChange');
    expect(homeNextStep({ ...ESTABLISHED, checkInDue: 'fourWeeks' })).toBe('checkInFourWeeks');
    expect(homeNextStep({ ...ESTABLISHED, checkInDue: null })).toBeNull();
    expect(homeNextStep({ ...ESTABLISHED, intakeNeeded: true, checkInDue: 'doseChange' })).toBe(
      'finishIntake',
    );
  });

  it('every step has its texts in en and es', () => {
    const steps: HomeNextStep[] = [
      'finishIntake',
      'startIntake',
      'bookFirstVisit',
      'checkInDoseChange',
      'checkInFourWeeks',
    ];
    for (const language of ['en', 'es'] as const) {
      const nextStep = resources[language].home.nextStep as unknown as Record<
        string,
        Record<string, string> | undefined
      >;
      for (const step of steps) {
        expect(nextStep[step]?.title, `${language} ${step}`).toBeTruthy();
        expect(nextStep[step]?.body, `${language} ${step}`).toBeTruthy();
        expect(nextStep[step]?.action, `${language} ${step}`).toBeTruthy();
      }
    }
  });
});
