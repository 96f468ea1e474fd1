import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { StatusCard } from '../../components/status-card';
import { useAlerts } from '../../components/alerts/alert-context';
import { formatDate, formatMoney } from '../../lib/format';
import { useDownloadInvoice, useInvoices, type InvoiceDownload } from './use-invoices';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Spec 02 §2 /billing?tab=invoices: number, date, what it was for (spec 02 §3 description: a
 * plan, a change, a bulk order), amount, status and a download per invoice.
 */
export function InvoicesTab({ timeZone }: { timeZone: string | null | undefined }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const invoices = useInvoices();
  const download = useDownloadInvoice();
  // Under 600 px a card per invoice; the table from 600 px up (no sideways scrolling on a phone).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => {
    if (invoices.isError) showAlert({ code: 'B100' });
  }, [invoices.isError, showAlert]);

  if (invoices.isPending) {
    return (
      <Card role="status" aria-busy="true" aria-label={t('billing.loading')}>
        <CardContent>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="text" height={40} />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (invoices.isError) {
    return (
      <StatusCard
        message={t('billing.loadError')}
        action={
          <Button variant="outlined" onClick={() => void invoices.refetch()}>
            {t('billing.retry')}
          </Button>
        }
      />
    );
  }
  if (invoices.data.length === 0) {
    return (
      <StatusCard
        icon={<ReceiptLongOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />}
        message={t('billing.invoices.empty')}
      />
    );
  }
  const onDownload = (request: InvoiceDownload) => {
    const tab = window.open('', '_blank');
    download.mutate(request, {
      onSuccess: (url) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: () => {
        tab?.close();
        showAlert({ code: 'C107' });
      },
    });
  };
  const statusChip = (status: string) => (
    <Chip
      size="small"
      label={t(`billing.invoices.statuses.${status}`, { defaultValue: status })}
      color={status === 'paid' ? 'success' : 'default'}
    />
  );
  const busy = (request: InvoiceDownload) =>
    download.isPending &&
    download.variables.invoiceId === request.invoiceId &&
    download.variables.document === request.document;
  // Spec 02 §2: each paid invoice offers its PDF and its HSA/FSA itemized receipt (a receipt
  // is for money paid, so an unpaid invoice offers only the invoice).
  const downloadButtons = (invoice: { id: string; number: string; status: string }) => {
    const asInvoice = { invoiceId: invoice.id, document: 'invoice' } as const;
    const asReceipt = { invoiceId: invoice.id, document: 'receipt' } as const;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
        <Button
          size="small"
          startIcon={<DownloadIcon aria-hidden />}
          aria-label={t('billing.invoices.downloadLabel', { number: invoice.number })}
          disabled={busy(asInvoice)}
          onClick={() => onDownload(asInvoice)}
        >
          {t('billing.invoices.download')}
        </Button>
        {invoice.status === 'paid' ? (
          <Button
            size="small"
            startIcon={<ReceiptLongOutlinedIcon aria-hidden />}
            aria-label={t('billing.invoices.receiptLabel', { number: invoice.number })}
            disabled={busy(asReceipt)}
            onClick={() => onDownload(asReceipt)}
          >
            {t('billing.invoices.receipt')}
          </Button>
        ) : null}
      </Box>
    );
  };
  if (phone) {
    return (
      <Box
        component="ul"
        aria-label={t('billing.invoices.heading')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {invoices.data.map((invoice) => (
          <Card component="li" key={invoice.id}>
            <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 1.5 } }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{invoice.number}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatMoney(invoice.total)}</Typography>
              </Box>
              {invoice.description ? <Typography>{invoice.description}</Typography> : null}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(invoice.date, 'date', timeZone)}
                </Typography>
                {statusChip(invoice.status)}
              </Box>
              <Box>{downloadButtons(invoice)}</Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <Card>
      {/* The table scrolls inside its card on a phone. Positioned, so the visually hidden
          header (position: absolute) is clipped with it and the page never scrolls sideways. */}
      <TableContainer sx={{ position: 'relative' }}>
        <Table aria-label={t('billing.invoices.heading')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.invoices.number')}</TableCell>
              <TableCell>{t('billing.invoices.date')}</TableCell>
              <TableCell>{t('billing.invoices.description')}</TableCell>
              <TableCell align="right">{t('billing.invoices.amount')}</TableCell>
              <TableCell>{t('billing.invoices.status')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('billing.invoices.download')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.data.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
                <TableCell>{formatDate(invoice.date, 'date', timeZone)}</TableCell>
                <TableCell>{invoice.description}</TableCell>
                <TableCell align="right">{formatMoney(invoice.total)}</TableCell>
                <TableCell>{statusChip(invoice.status)}</TableCell>
                <TableCell align="right">{downloadButtons(invoice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
