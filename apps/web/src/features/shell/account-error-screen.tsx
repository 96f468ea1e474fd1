import Button from '@mui/material/Button';
import { useTranslation } from '../../lib/i18n-react';
import { ErrorScreen } from '../../components/error-screen';

/**
 * Spec 01 §2 "Layout", §8: loading the signed-in customer failed. The code is A101 (cannot
 * load the account) unless the server named a catalogue code of its own; the text says what
 * failed and offers refresh and log out.
 */
export function AccountErrorScreen({
  code,
  onRefresh,
  onLogout,
}: {
  code: string;
  onRefresh: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code={code}
      titleKey="accountError.title"
      messageKey="accountError.body"
      actions={
        <>
          <Button variant="contained" onClick={onRefresh}>
            {t('accountError.refresh')}
          </Button>
          <Button variant="outlined" onClick={onLogout}>
            {t('account.logout')}
          </Button>
        </>
      }
    />
  );
}

/** Spec 01 §8, C108: signed in, but there is no customer record behind the account. */
export function EmptyAccountScreen({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code="C108"
      titleKey="accountError.emptyTitle"
      actions={
        <Button variant="contained" onClick={onLogout}>
          {t('account.logout')}
        </Button>
      }
    />
  );
}
