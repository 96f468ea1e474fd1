import { LOADING_FORM_SUPPORT_PROMPT_MS } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { ContactSupportDialog } from '../../../components/support/contact-support-dialog';
import { useTranslation } from '../../../lib/i18n-react';

/** Spec 02 §4: after 30 seconds of loading, a prompt to contact support. */
export function LoadingStep() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  const [contact, setContact] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_FORM_SUPPORT_PROMPT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('forms.loading')}>
      <Skeleton variant="text" width="60%" height={40} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="rounded" height={56} sx={{ my: 2 }} />
          <Skeleton variant="rounded" height={56} />
        </CardContent>
      </Card>
      {slow ? (
        <Alert
          severity="info"
          action={<Button onClick={() => setContact(true)}>{t('forms.contactSupport')}</Button>}
        >
          {t('forms.slowLoading')}
        </Alert>
      ) : null}
      <ContactSupportDialog
        open={contact}
        onClose={() => setContact(false)}
        category="forms"
        code={null}
      />
    </Stack>
  );
}
