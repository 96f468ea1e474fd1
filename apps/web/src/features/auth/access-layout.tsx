import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ReactNode } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { Footer } from '../../components/layout/footer';
import { LanguageSwitcher } from '../../components/layout/language-switcher';
import { Logo } from '../../components/layout/logo';
import { PageContainer } from '../../components/layout/page-container';
import { SkipLink } from '../../components/layout/skip-link';

/** The frame of the signed-out screens: a slim header, one centred card, the footer. */
export function AccessLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Box
        component="header"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <PageContainer sx={{ display: 'flex', alignItems: 'center', minHeight: 64, gap: 2 }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label={t('nav.homeLink')}
            sx={{ display: 'inline-flex', textDecoration: 'none', borderRadius: 1 }}
          >
            <Logo />
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher />
        </PageContainer>
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        {/* A long email address in a sentence ("We sent a link to …") wraps inside the card
            instead of pushing it wider than a phone's screen. */}
        <Card sx={{ maxWidth: 480, mx: 'auto', minWidth: 0, overflowWrap: 'anywhere' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Suspense
              fallback={
                <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
                  <CircularProgress aria-label={t('common.loading')} />
                </Box>
              }
            >
              {children ?? <Outlet />}
            </Suspense>
          </CardContent>
        </Card>
      </Box>
      <Footer />
    </>
  );
}
