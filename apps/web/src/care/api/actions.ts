import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffApi } from './http';
import { patientKey } from './patients';
import { queueKey } from './queue';
import { useCare } from './services';

// The care team's actions on a patient, each one existing staff route (see the server's
// modules/staff/*-routes.ts for the bodies). Every action makes the patient's record and the
// queue stale: the item it answers leaves the queue on the server.

const id = (value: string) => encodeURIComponent(value);

export const approveBulkOrder = (api: StaffApi, customerId: string, orderId: string) =>
  api.send('POST', `/staff/customers/${id(customerId)}/bulk-orders/approve`, { orderId });

/** Declines an order awaiting approval; the reason is told to the patient. */
export const declineBulkOrder = (
  api: StaffApi,
  customerId: string,
  decline: { orderId: string; reason: string },
) => api.send('POST', `/staff/customers/${id(customerId)}/bulk-orders/decline`, decline);

/** The 5-minute signed link to one of the patient's invoices (the customer's own kind). */
export const invoicePdfUrl = (api: StaffApi, customerId: string, invoiceId: string) =>
  api.get<{ downloadUrl: string }>(
    `/staff/customers/${id(customerId)}/invoices/${id(invoiceId)}/pdf`,
  );

export const decideIdCheck = (
  api: StaffApi,
  verificationId: string,
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string; note?: string },
) => api.send('POST', `/staff/id-verifications/${id(verificationId)}/decision`, decision);

export interface IdImages {
  id: string;
  status: string;
  expiresInSeconds: number;
  front: string | null;
  back: string | null;
  selfie: string | null;
}

export const idImages = (api: StaffApi, verificationId: string) =>
  api.get<IdImages>(`/staff/id-verifications/${id(verificationId)}/images`);

export const refundCharge = (
  api: StaffApi,
  chargeId: string,
  refund: { amountCents: number; reason: string },
) => api.send('POST', `/staff/charges/${id(chargeId)}/refunds`, refund);

export const addShipmentEvent = (
  api: StaffApi,
  shipmentId: string,
  event: { status: string; occurredAt: string; message?: string; location?: string },
) => api.send('POST', `/staff/shipments/${id(shipmentId)}/events`, { events: [event] });

export const resolveFormTask = (api: StaffApi, taskId: string) =>
  api.send('POST', `/staff/form-tasks/${id(taskId)}/resolve`);

/** A submitted intake or follow-up has been read (the queue's form_review). */
export const markFormReviewed = (api: StaffApi, responseId: string) =>
  api.send('POST', `/staff/form-responses/${id(responseId)}/review`);

/** Charges a declined renewal's period again now, with the card on file now. */
export const retryRenewal = (api: StaffApi, chargeId: string) =>
  api.send('POST', `/staff/charges/${id(chargeId)}/retry-renewal`);

export const resolveAttention = (api: StaffApi, chargeId: string) =>
  api.send('POST', `/staff/payments/attention/${id(chargeId)}/resolve`);

export const sendMessage = (
  api: StaffApi,
  customerId: string,
  message: { type: string; html: string; templateUsedId?: string; notify?: { title: string } },
) => api.send('POST', `/staff/customers/${id(customerId)}/messages`, message);

/**
 * One action on a patient, as a mutation: `run` calls the route; success or a conflict (409:
 * someone else acted first) makes the record and the queue stale, so both show what stands.
 */
export function usePatientAction<TInput>(
  customerId: string,
  run: (api: StaffApi, input: TInput) => Promise<unknown>,
) {
  const { api } = useCare();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(api, input),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: patientKey(customerId) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]);
    },
  });
}
