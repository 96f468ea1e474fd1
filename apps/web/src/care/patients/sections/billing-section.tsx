import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invoicePdfUrl } from '../../api/actions';
import { useCare } from '../../api/services';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatDay, money, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { RecordTable, SectionCard } from '../record-table';
import { patientStrings as p } from '../patient-strings';
import { RefundDialog } from '../refund-dialog';

const L = strings.record;

const s = strings.patients.sections;

const contractOf = (row: RecordRow) =>
  (row.contract && typeof row.contract === 'object' ? row.contract : {}) as Record<string, unknown>;

const cents = (value: unknown) => (typeof value === 'number' ? value : 0);
/** What is left of a charge to refund: only a succeeded charge's amount less its refunds. */
export const refundable = (row: RecordRow) =>
  text(row.status) === 'succeeded' ? Math.max(0, cents(row.amount) - cents(row.amountRefunded)) : 0;

export function BillingSection({
  record,
  highlightChargeId,
}: {
  record: PatientRecord;
  highlightChargeId?: string | undefined;
}) {
  const { api } = useCare();
  // The charge a queue item is about, read on its own when the record does not list it.
  const listed = record.charges.some((row) => row.id === highlightChargeId);
  const item = useQuery({
    queryKey: ['care', 'charge', highlightChargeId],
    queryFn: () => api.get<{ charge: RecordRow }>(`/staff/charges/${String(highlightChargeId)}`),
    enabled: Boolean(highlightChargeId) && !listed,
  });
  const charges = item.data && !listed ? [item.data.charge, ...record.charges] : record.charges;
  const [refunding, setRefunding] = useState<{ id: string; refundableCents: number } | null>(null);
  const [pdfFailed, setPdfFailed] = useState(false);
  // The link is signed when asked for (it lasts 5 minutes), as the customer's invoices tab
  // asks for it; the PDF is an attachment, so the page stays where it is.
  const openPdf = async (invoiceId: string) => {
    setPdfFailed(false);
    try {
      const { downloadUrl } = await invoicePdfUrl(api, record.profile.id, invoiceId);
      window.location.assign(downloadUrl);
    } catch {
      setPdfFailed(true);
    }
  };
  return (
    <SectionCard title={s.billing}>
      <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
        {L.plans}
      </Typography>
      <RecordTable
        label={L.plans}
        rows={record.plans}
        columns={[
          { label: L.plan, value: (row) => text(row.name ?? row.treatmentName) || L.plan },
          { label: L.status, value: (row) => statusLabel(row.status) },
          { label: L.price, value: (row) => money(row.price) },
          {
            label: L.since,
            value: (row) => formatDay(row.startedAt ?? contractOf(row).startDate ?? row.createdAt),
          },
          {
            label: L.nextBilling,
            value: (row) => formatDay(row.nextBillingAt ?? row.renewsOn ?? row.renewsAt),
          },
        ]}
      />
      <Typography variant="h4" component="h4" sx={{ mt: 3, mb: 1 }}>
        {L.invoices}
      </Typography>
      {pdfFailed && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {p.invoicePdfFailed}
        </Alert>
      )}
      <RecordTable
        label={L.invoices}
        rows={record.invoices}
        columns={[
          { label: L.number, value: (row) => text(row.number ?? row.id) },
          { label: L.issued, value: (row) => formatDay(row.issuedAt ?? row.createdAt) },
          { label: L.total, value: (row) => money(row.total ?? row.amount) },
          { label: L.status, value: (row) => statusLabel(row.status) },
          {
            label: L.actions,
            value: (row) => (
              <Button
                size="small"
                variant="outlined"
                onClick={() => void openPdf(row.id)}
                aria-label={p.invoicePdfLabel(text(row.number ?? row.id))}
              >
                {p.invoicePdf}
              </Button>
            ),
          },
        ]}
      />
      <Typography variant="h4" component="h4" sx={{ mt: 3, mb: 1 }}>
        {L.charges}
      </Typography>
      <RecordTable
        label={L.charges}
        rows={charges}
        columns={[
          {
            label: L.date,
            value: (row) =>
              `${formatDay(row.createdAt)}${row.id === highlightChargeId ? L.thisItem : ''}`,
          },
          { label: L.purpose, value: (row) => statusLabel(row.purpose) },
          { label: L.amount, value: (row) => money(row.amount) },
          { label: L.refunded, value: (row) => money(row.amountRefunded ?? 0) },
          { label: L.status, value: (row) => statusLabel(row.status) },
          {
            label: L.actions,
            value: (row) =>
              refundable(row) > 0 ? (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setRefunding({ id: row.id, refundableCents: refundable(row) })}
                  aria-label={`${strings.actions.refund} ${money(row.amount)} ${formatDay(row.createdAt)}`}
                >
                  {strings.actions.refund}
                </Button>
              ) : null,
          },
        ]}
      />
      <RefundDialog
        customerId={record.profile.id}
        charge={refunding}
        onClose={() => setRefunding(null)}
      />
    </SectionCard>
  );
}
