import { OpenFeatureProvider } from '@openfeature/react-sdk';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ServicesProvider, type AppServices } from '../lib/services';
import { theme } from './theme';

export function App({
  services,
  router,
  i18n,
}: {
  services: AppServices;
  router: DataRouter;
  i18n: i18n;
}) {
  return (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={services.queryClient}>
            <OpenFeatureProvider>
              <RouterProvider router={router} />
            </OpenFeatureProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
}
