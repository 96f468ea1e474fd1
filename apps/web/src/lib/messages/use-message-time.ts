import { useTranslation } from '../i18n-react';
import { useCustomerQuery } from '../customer/use-customer';
import { relativeTime } from '../format';

/** Spec 01 §9: 'N minutes/hours ago' the same day, otherwise MMM dd, yyyy. */
export function useMessageTime(): (instant: string) => string {
  const { t } = useTranslation();
  const timeZone = useCustomerQuery().data?.time_zone;
  return (instant) => {
    const time = relativeTime(instant, new Date(), timeZone);
    switch (time.unit) {
      case 'minutes':
        return time.count === 0
          ? t('messages.justNow')
          : t('messages.minutesAgo', { count: time.count });
      case 'hours':
        return t('messages.hoursAgo', { count: time.count });
      case 'date':
        return time.text;
    }
  };
}

/** 'From Dr. Lee', or 'From your care team' when the message names no provider. */
export function useMessageSender(): (providerName: string | null | undefined) => string {
  const { t } = useTranslation();
  return (providerName) =>
    providerName ? t('messages.from', { provider: providerName }) : t('messages.fromCareTeam');
}
