import { lookupError, UNKNOWN_ERROR_KEY } from '@portal/domain';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n-react';
import { useSupportRequestUrl } from './support/use-support-request-url';

/** Spec 01 §2, spec 02 §2: an error screen shows the error code and a help-request link. */
export function ErrorScreen({
  code,
  titleKey,
  messageKey,
  actions,
}: {
  /** A catalogue code; without one the screen shows the unknown-error text and no code. */
  code?: string | undefined;
  titleKey: string;
  /** Replaces the code's catalogue message where the screen says it better. */
  messageKey?: string | undefined;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const entry = code ? lookupError(code) : undefined;
  const helpUrl = useSupportRequestUrl({
    category: entry?.supportCategory ?? null,
    code: code ?? null,
  });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 4, sm: 8 } }}>
      <Card sx={{ maxWidth: 560, width: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
          <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
            {t(titleKey)}
          </Typography>
          <Typography sx={{ mb: code ? 1 : 3 }}>
            {t(messageKey ?? entry?.messageKey ?? UNKNOWN_ERROR_KEY)}
          </Typography>
          {code && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('errorScreen.code', { code })}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>{actions}</Box>
          {helpUrl && (
            <Link href={helpUrl} target="_blank" rel="noopener noreferrer">
              {t('errorScreen.helpRequest')}
            </Link>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
