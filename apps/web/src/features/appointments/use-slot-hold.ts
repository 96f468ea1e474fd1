import { useCallback, useEffect, useRef, useState } from 'react';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { HoldAppointmentSlotDocument, ReleaseAppointmentHoldDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import type { SlotView } from './use-slots';

/** The viewer's hold on a picked time (issue 43). */
export interface SlotHoldView {
  id: string;
  slot: SlotView;
  expiresAt: Date;
}

/** The time went to someone else: the nearest free times the server offers instead. */
export class SlotTaken extends Error {
  constructor(readonly alternatives: SlotView[]) {
    super('slotTaken');
  }
}

interface AlternativeEntry {
  start?: unknown;
  end?: unknown;
  providerId?: unknown;
  providerName?: unknown;
}

/** A102 slotTaken's alternatives as slots; null when the error is anything else. */
export function takenAlternatives(error: unknown): SlotView[] | null {
  if (error instanceof SlotTaken) return error.alternatives;
  if (!(error instanceof GraphqlRequestError) || error.code !== 'A102') return null;
  const extensions = error.errors[0]?.extensions as
    { reason?: unknown; alternatives?: unknown } | undefined;
  if (extensions?.reason !== 'slotTaken') return null;
  const list = Array.isArray(extensions.alternatives)
    ? (extensions.alternatives as AlternativeEntry[])
    : [];
  return list.flatMap((a) =>
    typeof a.start === 'string' && typeof a.end === 'string' && typeof a.providerId === 'string'
      ? [
          {
            start: new Date(a.start),
            end: new Date(a.end),
            providerId: a.providerId,
            providerName: typeof a.providerName === 'string' ? a.providerName : '',
          },
        ]
      : [],
  );
}

interface Options {
  treatmentShortId: string;
  /** For a reschedule: the viewer's visit the time would move. */
  appointmentId?: string | null;
}

/**
 * Issue 43: picking a time holds it for the viewer (holdAppointmentSlot); a new pick replaces
 * the hold, and leaving the dialog gives it back (releaseAppointmentHold). `take` rejects with
 * SlotTaken (and its alternatives) when someone else has the time.
 */
export function useSlotHold({ treatmentShortId, appointmentId = null }: Options) {
  const { graphql } = useServices();
  const [hold, setHold] = useState<SlotHoldView | null>(null);
  const [pending, setPending] = useState(false);
  const current = useRef<SlotHoldView | null>(null);

  const take = useCallback(
    async (slot: SlotView): Promise<SlotHoldView> => {
      setPending(true);
      try {
        const data = await graphql.request(HoldAppointmentSlotDocument, {
          providerId: slot.providerId,
          treatmentShortId,
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
          appointmentId,
        });
        const held = {
          id: data.holdAppointmentSlot.id,
          slot,
          expiresAt: new Date(data.holdAppointmentSlot.expiresAt),
        };
        current.current = held;
        setHold(held);
        return held;
      } catch (error) {
        const alternatives = takenAlternatives(error);
        throw alternatives ? new SlotTaken(alternatives) : error;
      } finally {
        setPending(false);
      }
    },
    [graphql, treatmentShortId, appointmentId],
  );

  /** Gives the hold back (fire and forget: a lapsed hold blocks nobody anyway). */
  const release = useCallback(() => {
    const held = current.current;
    current.current = null;
    setHold(null);
    if (held) void graphql.request(ReleaseAppointmentHoldDocument, { id: held.id }).catch(() => {});
  }, [graphql]);

  /** Forgets the hold without a call: the booking that used it took its place. */
  const forget = useCallback(() => {
    current.current = null;
    setHold(null);
  }, []);

  // Leaving the dialog gives the time back.
  useEffect(() => release, [release]);

  return { hold, pending, take, release, forget };
}
