import { useCallback, useState } from 'react';
import { SlotTaken, takenAlternatives, useSlotHold } from './use-slot-hold';
import type { SlotView } from './use-slots';

/** Where the booking and reschedule dialogs are between the times and the answer. */
export type HoldStep =
  | { kind: 'slots' }
  | { kind: 'review'; slot: SlotView; holdId: string; heldUntil: Date }
  | { kind: 'taken'; alternatives: SlotView[] };

interface Options {
  treatmentShortId: string;
  /** For a reschedule: the viewer's visit the time would move. */
  appointmentId?: string | null;
  /** A hold that failed for another reason than a taken time (the dialog alerts and reloads). */
  onHoldError: (error: unknown) => void;
}

/**
 * Issue 43, shared by the booking and reschedule dialogs: picking a time (or one of the
 * alternatives) holds it and opens the review; a taken time shows the nearest free ones;
 * going back to the times or leaving gives the hold back.
 */
export function useHoldFlow({ treatmentShortId, appointmentId, onHoldError }: Options) {
  const holds = useSlotHold({ treatmentShortId, appointmentId });
  const [step, setStep] = useState<HoldStep>({ kind: 'slots' });
  const { take, release, forget } = holds;

  const pick = useCallback(
    (slot: SlotView) => {
      take(slot).then(
        (held) => setStep({ kind: 'review', slot, holdId: held.id, heldUntil: held.expiresAt }),
        (error: unknown) => {
          if (error instanceof SlotTaken)
            setStep({ kind: 'taken', alternatives: error.alternatives });
          else onHoldError(error);
        },
      );
    },
    [take, onHoldError],
  );

  const backToSlots = useCallback(() => {
    release();
    setStep({ kind: 'slots' });
  }, [release]);

  /**
   * A booking's failure: true when the time was taken (the alternatives show), false for any
   * other failure (the dialog goes back to the times as before).
   */
  const bookingFailed = useCallback(
    (error: unknown): boolean => {
      release();
      const alternatives = takenAlternatives(error);
      setStep(alternatives ? { kind: 'taken', alternatives } : { kind: 'slots' });
      return alternatives !== null;
    },
    [release],
  );

  return {
    step,
    pick,
    pending: holds.pending,
    backToSlots,
    bookingFailed,
    release,
    booked: forget,
  };
}
