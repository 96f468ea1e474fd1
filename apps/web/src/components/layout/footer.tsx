import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PageContainer } from './page-container';

function CookiePreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cookie-preferences-title">
      <DialogTitle id="cookie-preferences-title">{t('footer.cookieTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>{t('footer.cookieEssential')}</Typography>
        <Typography color="text.secondary">{t('footer.cookieNoTracking')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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
      <CookiePreferencesDialog open={cookiesOpen} onClose={() => setCookiesOpen(false)} />
    </Box>
  );
}
