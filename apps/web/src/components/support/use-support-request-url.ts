import { fullName } from '@portal/domain';
import { useTranslation } from '../../lib/i18n-react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../lib/use-app-config';
import { useLoadedCustomer } from '../../lib/customer/loaded-customer';
import { buildSupportRequestUrl } from '../../lib/support';

/**
 * The help-center request link (SUPPORT_URL) prefilled as spec 01 §7 says, or null when no
 * support URL is configured. `code`: the error the customer saw, if any.
 */
export function useSupportRequestUrl({
  category,
  code,
}: {
  category: string | null;
  code: string | null;
}): string | null {
  const { t } = useTranslation();
  const { supportUrl } = useAppConfig();
  const customer = useLoadedCustomer();
  const { pathname } = useLocation();
  if (!supportUrl) return null;
  return buildSupportRequestUrl(supportUrl, {
    email: customer?.email,
    name: customer ? fullName(customer.first_name, customer.last_name) : null,
    birthDate: customer?.dob,
    category,
    subject: code ? t('support.subjectWithCode', { code }) : t('support.subject'),
    description: code
      ? t('support.description', { code, page: pathname })
      : t('support.descriptionPage', { page: pathname }),
  });
}
