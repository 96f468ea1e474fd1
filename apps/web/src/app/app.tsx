import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import type { I18n } from '../lib/i18n-core';
import type { ReactNode } from 'react';
import { I18nProvider } from '../lib/i18n-react';
import { ServicesProvider, type AppServices } from '../lib/services';
import { theme } from './theme';

// What @mui/material's ThemeProvider renders for a theme without CSS variables (ours: no
// colorSchemes), without its CSS-variables branch (CssVarsProvider, InitColorSchemeScript),
// which it imports whether used or not (issue 16). vars: null, as it sets.
const appTheme = { ...theme, vars: null };

/**
 * The app's providers around its router (`children`): main.tsx passes a BrowserRouter with
 * the route table (AppRoutes), tests a MemoryRouter. The declarative router keeps the data
 * router's code (createRouter, ~16 KB gzip) out of the sign-in page (issue 16). The query cache
 * and OpenFeature are the signed-in layer's (app/data-layer.tsx), not the sign-in page's.
 */
export function App({
  services,
  i18n,
  children,
}: {
  services: AppServices;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={appTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </I18nProvider>
    </ServicesProvider>
  );
}
