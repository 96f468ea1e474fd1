import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { PasskeyDialog, type PasskeyDialogState } from './passkey-dialogs';
import { usePasskeys } from './passkeys-api';
import { SecurityList, SecurityListItem } from './security-list';

/** /manage-account's passkeys (issue 42): each named, with its last use; add, rename, remove. */
export function PasskeysPanel() {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const passkeys = usePasskeys();
  const [dialog, setDialog] = useState<PasskeyDialogState>(null);

  if (passkeys.isPending) return <Skeleton variant="rounded" height={64} />;
  const list = passkeys.data?.passkeys ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3">
        {t('account.security.passkeys.title')}
      </Typography>
      <Typography color="text.secondary">{t('account.security.passkeys.intro')}</Typography>
      {passkeys.isError ? <Typography>{t('errors.C100')}</Typography> : null}
      {list.length > 0 ? (
        <SecurityList label={t('account.security.passkeys.listLabel')}>
          {list.map((p) => (
            <SecurityListItem
              key={p.id}
              name={p.name}
              dates={[
                t('account.security.passkeys.added', { date: formatDate(p.createdAt, 'date') }),
                p.lastUsedAt
                  ? t('account.security.passkeys.lastUsed', {
                      date: formatDate(p.lastUsedAt, 'date'),
                    })
                  : t('account.security.passkeys.neverUsed'),
              ].join(' · ')}
              actions={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => setDialog({ kind: 'rename', passkey: p })}
                    aria-label={t('account.security.passkeys.renameNamed', { name: p.name })}
                  >
                    {t('account.security.passkeys.rename')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDialog({ kind: 'remove', passkey: p })}
                    aria-label={t('account.security.passkeys.removeNamed', { name: p.name })}
                  >
                    {t('account.security.passkeys.remove')}
                  </Button>
                </Stack>
              }
            />
          ))}
        </SecurityList>
      ) : null}
      <Box>
        <Button variant="outlined" onClick={() => setDialog({ kind: 'add' })}>
          {t('account.security.passkeys.add')}
        </Button>
      </Box>
      <PasskeyDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onDone={(messageKey) => {
          setDialog(null);
          showAlert({ messageKey, severity: 'success' });
        }}
      />
    </Stack>
  );
}
