import { OpenFeatureProvider } from '@openfeature/react-sdk';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ServicesProvider, type AppServices } from '../lib/services';
import { theme } from './theme';

/**
 * The app's providers around its router (`children`): main.tsx passes a BrowserRouter with
 * the route table (AppRoutes), tests a MemoryRouter. The declarative router keeps the data
 * router's code (createRouter, ~16 KB gzip) out of the sign-in page (issue 16).
 */
export function App({
  services,
  i18n,
  children,
}: {
  services: AppServices;
  i18n: i18n;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={services.queryClient}>
            <OpenFeatureProvider>{children}</OpenFeatureProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
}
