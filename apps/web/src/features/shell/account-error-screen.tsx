import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../components/error-screen';

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
