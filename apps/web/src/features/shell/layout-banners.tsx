import { DEFAULT_BANNER_HEIGHT_PX, NOTIFICATION_TYPE } from '@portal/domain';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { PageContainer } from '../../components/layout/page-container';
import { formatCalendarDate } from '../../lib/format';
import { useContractExpirationBanners } from '../../lib/notifications/use-contract-expiration-banners';
import { useNotificationsQuery } from '../../lib/notifications/use-notifications';
import {
  dismissPlanExpiration,
  isPlanExpirationDismissed,
} from '../../lib/notifications/plan-expiration-dismissal';
import { useUpdateNotificationStatus } from '../../lib/notifications/use-update-notification-status';
import { useServices } from '../../lib/services';

function Banner({
  label,
  text,
  severity,
  onDismiss,
}: {
  label: string;
  text: string;
  severity: 'info' | 'warning';
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        minHeight: DEFAULT_BANNER_HEIGHT_PX,
        display: 'flex',
        alignItems: 'center',
        // On the page's own background, so a banner reads as part of the page, not a second bar.
        pt: 1.5,
      }}
    >
      {/* The page's own container, so the banner lines up with the content below it. */}
      <PageContainer>
        <Alert
          severity={severity}
          sx={{ alignItems: 'center' }}
          action={
            <IconButton aria-label={t('home.banners.dismiss', { label })} onClick={onDismiss}>
              <CloseIcon fontSize="small" aria-hidden />
            </IconButton>
          }
        >
          {text}
        </Alert>
      </PageContainer>
    </Box>
  );
}

/**
 * The two queries the banners read, started by the shell together with the customer's so the
 * page can wait for their first answer (pending). Once both have answered or failed, it stays
 * settled: a failed first attempt does not hold the page through its retries, and a later
 * refetch never takes the page back to its skeleton.
 */
export function useLayoutBannerQueries() {
  const notifications = useNotificationsQuery();
  const contracts = useContractExpirationBanners();
  const [settled, setSettled] = useState(false);
  const waiting = (query: { isPending: boolean; failureCount: number }) =>
    query.isPending && query.failureCount === 0;
  const answered = !waiting(notifications) && !waiting(contracts);
  if (answered && !settled) setSettled(true);
  return { notifications, contracts, pending: !settled && !answered };
}

export type LayoutBannerQueries = ReturnType<typeof useLayoutBannerQueries>;

/**
 * Spec 01 §2, §4; spec 02 §4: the regulation banner (dismissal completes the notification)
 * and the plan-expiration banner (dismissal stored in local storage), above every signed-in
 * page's content.
 */
export function LayoutBanners({ queries }: { queries: LayoutBannerQueries }) {
  const { t } = useTranslation();
  const { storage } = useServices();
  const { notifications, contracts } = queries;
  const update = useUpdateNotificationStatus();
  const [dismissed, setDismissed] = useState<string[]>([]);

  const regulation = (notifications.data ?? []).find(
    (n) =>
      n.type === NOTIFICATION_TYPE.regulationBanner &&
      n.status !== 'action_completed' &&
      !dismissed.includes(n.id),
  );
  const expiring = (contracts.data ?? []).find(
    (banner) =>
      !dismissed.includes(banner.notification.id) &&
      !isPlanExpirationDismissed(storage, banner.notification.id),
  );

  return (
    <>
      {regulation && (
        <Banner
          label={t('home.banners.regulation')}
          severity="info"
          text={regulation.message ?? regulation.title}
          onDismiss={() => {
            setDismissed((ids) => [...ids, regulation.id]);
            update.mutate({ id: regulation.id, newStatus: 'completed' });
          }}
        />
      )}
      {expiring && (
        <Banner
          label={t('home.banners.planExpiration')}
          severity="warning"
          text={
            expiring.contract_end_date
              ? t('home.banners.planExpiresOn', {
                  title: expiring.notification.title,
                  date: formatCalendarDate(expiring.contract_end_date),
                })
              : (expiring.notification.message ?? expiring.notification.title)
          }
          onDismiss={() => {
            const id = expiring.notification.id;
            dismissPlanExpiration(storage, id);
            setDismissed((ids) => [...ids, id]);
          }}
        />
      )}
    </>
  );
}
