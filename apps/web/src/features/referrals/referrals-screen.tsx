import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REFERRAL_CREDIT_CENTS,
  referralEmailProblem,
  referralState,
  summarizeReferrals,
} from '@portal/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { formatMoney } from '../../lib/format';
import { EmailChipInput, type EmailChip } from './email-chip-input';
import { ReferralsFaq } from './referrals-faq';
import { useCreateReferrals } from './use-create-referral';
import { useReferrals, type Referral } from './use-referrals';

/** The customer's invitations, each with its state by the spec's rules. */
function ReferralList({ referrals }: { referrals: Referral[] }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="referrals-list-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="referrals-list-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('referrals.list.title')}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {referrals.map((r) => {
            const state = referralState({
              status: r.status,
              referrerDiscountRemaining: r.referrer_discount_remaining ?? null,
            });
            return (
              <Box
                component="li"
                key={r.id}
                sx={{
                  listStyle: 'none',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  py: 1.25,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {r.refereeEmail}
                </Typography>
                <Chip
                  size="small"
                  label={t(`referrals.list.state.${state}`)}
                  color={state === 'completed' ? 'success' : 'default'}
                  variant={state === 'completed' ? 'filled' : 'outlined'}
                />
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Card sx={{ flex: '1 1 0', minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        {loading ? (
          <Skeleton variant="text" width="60%" height={40} />
        ) : (
          <Typography sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700 }}>
            {value}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec 02 §2 /referrals: credit total, pending and completed counts, invitations, FAQ. */
export function ReferralsScreen() {
  const { t, i18n } = useTranslation();
  const referrals = useReferrals();
  const customer = useCustomerQuery().data;
  const send = useCreateReferrals();
  const { showAlert } = useAlerts();
  const [chips, setChips] = useState<EmailChip[]>([]);

  useEffect(() => {
    if (referrals.isError) showAlert({ code: 'R101' });
  }, [referrals.isError, showAlert]);

  const summary = useMemo(
    () =>
      summarizeReferrals(
        (referrals.data ?? []).map((r) => ({
          status: r.status,
          referrerDiscountRemaining: r.referrer_discount_remaining ?? null,
        })),
      ),
    [referrals.data],
  );

  const addChips = (emails: string[]) =>
    setChips((current) => {
      const next = [...current];
      for (const raw of emails) {
        const email = raw.toLowerCase();
        if (next.some((c) => c.email === email)) continue;
        next.push({ email, problem: referralEmailProblem(email, customer?.email) });
      }
      return next;
    });
  const removeChip = (email: string) =>
    setChips((current) => current.filter((c) => c.email !== email));

  const sendable = chips.filter((c) => c.problem === null || c.problem === 'failed');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sendable.length === 0) return;
    send.mutate(
      sendable.map((c) => c.email),
      {
        onSuccess: (outcomes) => {
          const sent = new Set(outcomes.filter((o) => o.ok).map((o) => o.email));
          const failed = new Map(
            outcomes.flatMap((o) =>
              o.ok ? [] : [[o.email, o.reason === 'emailInvalid' ? 'invalid' : o.reason] as const],
            ),
          );
          setChips((current) =>
            current
              .filter((c) => !sent.has(c.email))
              .map((c) => {
                const problem = failed.get(c.email);
                if (!problem) return c;
                return { ...c, problem: problem === 'ownEmail' ? 'own' : problem };
              }),
          );
          if (sent.size > 0) {
            showAlert({
              messageKey: 'referrals.sent',
              severity: 'success',
            });
          }
          if ([...failed.values()].includes('failed')) showAlert({ code: 'R102' });
        },
        onError: () => showAlert({ code: 'R102' }),
      },
    );
  };

  const loading = referrals.isPending;
  const list = referrals.data;
  const hasProblems = chips.some((c) => c.problem !== null && c.problem !== 'failed');

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('referrals.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('referrals.intro', { amount: formatMoney(REFERRAL_CREDIT_CENTS, i18n.language) })}
      </Typography>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={{ xs: 1, sm: 2 }}
            aria-busy={loading ? 'true' : undefined}
            aria-label={loading ? t('referrals.loading') : undefined}
          >
            <Stat
              label={t('referrals.credit')}
              value={formatMoney(summary.creditCents, i18n.language)}
              loading={loading}
            />
            <Stat
              label={t('referrals.pending')}
              value={String(summary.pendingCount)}
              loading={loading}
            />
            <Stat
              label={t('referrals.completed')}
              value={String(summary.completedCount)}
              loading={loading}
            />
          </Stack>

          <Card component="section" aria-labelledby="referrals-invite-title">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography
                id="referrals-invite-title"
                variant="h2"
                sx={{ fontSize: '1.25rem', mb: 1 }}
              >
                {t('referrals.form.title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('referrals.form.intro')}
              </Typography>
              <Box component="form" noValidate onSubmit={onSubmit}>
                <EmailChipInput
                  chips={chips}
                  onAdd={addChips}
                  onRemove={removeChip}
                  disabled={send.isPending}
                />
                <Box
                  sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={send.isPending || sendable.length === 0}
                    aria-busy={send.isPending}
                    startIcon={
                      send.isPending ? (
                        <CircularProgress size={18} color="inherit" aria-hidden />
                      ) : undefined
                    }
                    sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
                  >
                    {t('referrals.form.send')}
                  </Button>
                  {hasProblems ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('referrals.form.fixProblems')}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            </CardContent>
          </Card>

          {list && list.length === 0 ? (
            <Card>
              <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
                <GroupAddOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
                <Typography>{t('referrals.empty')}</Typography>
              </CardContent>
            </Card>
          ) : null}
          {list && list.length > 0 ? <ReferralList referrals={list} /> : null}
          {referrals.isError && !list ? (
            <Card>
              <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
                <Typography sx={{ mb: 2 }}>{t('referrals.errorTitle')}</Typography>
                <Button variant="outlined" onClick={() => void referrals.refetch()}>
                  {t('referrals.retry')}
                </Button>
              </CardContent>
            </Card>
          ) : null}
        </Stack>
        <ReferralsFaq />
      </Box>
    </>
  );
}
