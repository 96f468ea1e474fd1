import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import type { BillingSubscription } from './use-subscription';
import { CardBrandMark } from './card-brand-mark';
import { lazyComponent, OnceOpened } from '../../components/lazy-dialog';

// Opened on demand: the card form (react-hook-form, the payment fields) is not part of the
// billing pages' first load (issue 46).
const CardFormDialog = lazyComponent(() => import('./card-form-dialog'), 'CardFormDialog');

type SavedCard = Pick<
  NonNullable<BillingSubscription['payment_source']>,
  'payment_source_id' | 'brand' | 'mask' | 'expiry_month' | 'expiry_year'
> & { billing_address?: NonNullable<BillingSubscription['payment_source']>['billing_address'] };

/** Spec 02 §9: card expiry as MM/yy. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** Card (brand, last 4, MM/yy), billing address, and the card form to add or replace it. */
export function PaymentMethodSection({ card }: { card: SavedCard | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const address = card?.billing_address;
  const addressLines = address
    ? [
        [address.first_name, address.last_name].filter(Boolean).join(' '),
        address.street_address1,
        address.street_address2,
        [
          address.city,
          [address.state_code ?? address.state, address.zip_code].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', '),
      ].filter((line): line is string => Boolean(line))
    : [];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('billing.card.heading')}
      </Typography>
      {card ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CardBrandMark brand={card.brand} />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>
                {t('billing.card.ending', { brand: card.brand, last4: card.mask.slice(-4) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('billing.card.expires', {
                  date: formatExpiry(card.expiry_month, card.expiry_year),
                })}
              </Typography>
            </Box>
          </Stack>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('billing.card.billingAddress')}
            </Typography>
            {addressLines.length ? (
              addressLines.map((line) => <Typography key={line}>{line}</Typography>)
            ) : (
              <Typography>{t('billing.card.noAddress')}</Typography>
            )}
            {/* The account area's billing-address screen (issue 14) edits this card's address. */}
            <Link
              component={RouterLink}
              to={`/billing-address?card=${encodeURIComponent(card.payment_source_id)}`}
              variant="body2"
              sx={{ display: 'inline-block', mt: 0.5 }}
            >
              {t('billing.card.editAddress')}
            </Link>
          </Box>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('billing.card.none')}</Typography>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
        {card ? t('billing.card.replace') : t('billing.card.add')}
      </Button>
      <OnceOpened open={open}>
        <CardFormDialog
          open={open}
          oldPaymentSourceId={card?.payment_source_id ?? null}
          onClose={() => setOpen(false)}
        />
      </OnceOpened>
    </Box>
  );
}
