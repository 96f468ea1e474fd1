import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { QueueKind } from '@portal/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  approveBulkOrder,
  decideIdCheck,
  markFormReviewed,
  resolveAttention,
  resolveFormTask,
  retryRenewal,
  usePatientAction,
} from '../api/actions';
import { errorText, isAlreadyDone } from '../api/error-text';
import { useRelease } from '../api/queue';
import { useAnnounce } from '../layout/announcer';
import { useShortcuts } from '../queue/use-shortcuts';
import { queuePath } from '../queue-return';
import { strings } from '../strings';
import { DeclineDialog } from './decline-dialog';
import { IdRejectDialog } from './sections/id-reject-dialog';
import { MessageDialog } from './sections/messages-section';
import { ShipmentDialog } from './sections/shipment-dialog';

const L = strings.record;

const t = strings.actions;

export interface OpenItem {
  key: string;
  kind: QueueKind;
  refs: Record<string, string | undefined>;
}

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string; note: string };

/**
 * The queue item this page was opened for, with its action ready: buttons, and the keys the
 * help dialog lists (a approve or resolve, d decline, m message, Esc back). Done, the care team
 * is back on the queue; if someone else did it first, the page says so and the queue refreshes.
 */
export function ItemActionBar({ customerId, item }: { customerId: string; item: OpenItem }) {
  const { kind } = item;
  const { verificationId, bulkOrderId, taskId, responseId, chargeId, shipmentId, invoiceId } =
    item.refs;
  const navigate = useNavigate();
  const announce = useAnnounce();
  const release = useRelease();
  const [rejecting, setRejecting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const back = () => void navigate(queuePath());
  const finished = () => {
    announce(t.done);
    back();
  };
  const action = usePatientAction(customerId, async (api, decision: Decision) => {
    switch (kind) {
      case 'id_verification':
        if (!verificationId) return;
        return decideIdCheck(
          api,
          verificationId,
          decision.kind === 'approve'
            ? { decision: 'approve' }
            : {
                decision: 'reject',
                reason: decision.reason,
                ...(decision.note ? { note: decision.note } : {}),
              },
        );
      case 'bulk_order':
        return bulkOrderId ? approveBulkOrder(api, customerId, bulkOrderId) : undefined;
      case 'side_effect':
        return taskId ? resolveFormTask(api, taskId) : undefined;
      case 'form_review':
        return responseId ? markFormReviewed(api, responseId) : undefined;
      case 'renewal_failed':
        if (!chargeId) return undefined;
        // A declined renewal is still due: charged again; money needing a look: seen.
        return invoiceId ? retryRenewal(api, chargeId) : resolveAttention(api, chargeId);
      case 'shipment':
      case 'no_weight':
        // Handled through their dialogs (an event, a message), not this one-step action.
        return undefined;
    }
  });
  const run = (decision: Decision) => {
    if (action.isPending) return;
    setConflict(null);
    action.mutate(decision, {
      onSuccess: () => {
        setRejecting(false);
        finished();
      },
      onError: (error) => {
        setRejecting(false);
        const message = isAlreadyDone(error)
          ? `${error.message} ${t.alreadyDone}`
          : errorText(error);
        setConflict(message);
        announce(message);
      },
    });
  };

  const attention = kind === 'renewal_failed' && !invoiceId;
  const declinedRenewal = kind === 'renewal_failed' && !!invoiceId && !!chargeId;
  const approve =
    kind === 'id_verification' || kind === 'bulk_order'
      ? t.approve
      : kind === 'side_effect' || attention
        ? t.resolve
        : kind === 'form_review' && responseId
          ? t.markReviewed
          : declinedRenewal
            ? t.retryPayment
            : null;
  const primary = () => {
    if (approve) run({ kind: 'approve' });
    else if (kind === 'shipment' && shipmentId) setShipping(true);
    else setMessaging(true);
  };

  useShortcuts({
    a: primary,
    d: () => {
      if (kind === 'id_verification') setRejecting(true);
      else if (kind === 'bulk_order' && bulkOrderId) setDeclining(true);
    },
    m: () => setMessaging(true),
    Escape: back,
  });

  return (
    <Box
      component="section"
      aria-label={L.queueItem}
      sx={{
        bgcolor: 'primary.light',
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 1.5,
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 1.5,
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{strings.queue.kinds[kind]}</Typography>
      {conflict && (
        <Alert severity="warning" role="alert">
          {conflict}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {approve && (
          <Button variant="contained" onClick={primary} disabled={action.isPending}>
            {approve} (a)
          </Button>
        )}
        {kind === 'id_verification' && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setRejecting(true)}
            disabled={action.isPending}
          >
            {t.reject} (d)
          </Button>
        )}
        {kind === 'bulk_order' && bulkOrderId && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDeclining(true)}
            disabled={action.isPending}
          >
            {t.decline} (d)
          </Button>
        )}
        {kind === 'shipment' && shipmentId && (
          <Button variant="contained" onClick={() => setShipping(true)}>
            {t.shipmentTitle} (a)
          </Button>
        )}
        <Button
          variant={approve || kind === 'shipment' ? 'outlined' : 'contained'}
          onClick={() => setMessaging(true)}
        >
          {t.messageTitle} (m)
        </Button>
        <Button
          onClick={() => release.mutate(item.key, { onSettled: back })}
          disabled={release.isPending}
        >
          {L.release}
        </Button>
        <Button startIcon={<ArrowBackIcon aria-hidden />} onClick={back}>
          {strings.patients.backToQueue} (Esc)
        </Button>
      </Box>
      <IdRejectDialog
        open={rejecting}
        busy={action.isPending}
        onReject={(reason, note) => run({ kind: 'reject', reason, note })}
        onClose={() => setRejecting(false)}
      />
      <DeclineDialog
        customerId={customerId}
        orderId={declining ? (bulkOrderId ?? null) : null}
        onClose={() => setDeclining(false)}
        onDone={finished}
      />
      <MessageDialog customerId={customerId} open={messaging} onClose={() => setMessaging(false)} />
      <ShipmentDialog
        customerId={customerId}
        shipmentId={shipping ? (shipmentId ?? null) : null}
        onClose={() => setShipping(false)}
        onDone={finished}
      />
    </Box>
  );
}
