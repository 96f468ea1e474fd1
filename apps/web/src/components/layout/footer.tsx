import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PageContainer } from './page-container';

// Dialogs load on first use, keeping them out of the sign-in page's JavaScript.
const CookiePreferencesDialog = lazy(async () => ({
  default: (await import('./cookie-preferences-dialog')).CookiePreferencesDialog,
}));

export function Footer() {
  const { t } = useTranslation();
  const [cookiesOpen, setCookiesOpen] = useState(false);
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}
    >
      <PageContainer>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 800 }}>
          {t('footer.disclaimer')}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 3,
            rowGap: 1,
          }}
        >
          <Link href={EXTERNAL_LINKS.accessibility} target="_blank" rel="noopener noreferrer">
            {t('footer.accessibility')}
          </Link>
          <Link href={EXTERNAL_LINKS.privacy} target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </Link>
          {/* Spec 02 §2 "External links": the privacy practices notice, beside the policy. */}
          <Link href={EXTERNAL_LINKS.privacyPractices} target="_blank" rel="noopener noreferrer">
            {t('footer.privacyPractices')}
          </Link>
          <Link href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </Link>
          <Link component="button" type="button" onClick={() => setCookiesOpen(true)}>
            {t('footer.cookiePreferences')}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ ml: { md: 'auto' } }}>
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Typography>
        </Box>
      </PageContainer>
      {cookiesOpen && (
        <Suspense fallback={null}>
          <CookiePreferencesDialog open onClose={() => setCookiesOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
