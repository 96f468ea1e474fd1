import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../app/theme';
import { CareLoader } from './layout/care-loader';

// The care console's entry (care.html, issue 41; built apart from the portal: vite.config.ts).
// It paints the theme and a loader at once and loads the console itself as a chunk, the data
// grid's ~150 KB gzip included.
const CareRoot = lazy(() => import('./care-root').then((m) => ({ default: m.CareRoot })));

const nonce =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
const appTheme = { ...theme, vars: null };

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from care.html');
createRoot(root).render(
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <Suspense fallback={<CareLoader />}>
          <CareRoot />
        </Suspense>
      </ThemeProvider>
    </CacheProvider>
  </StrictMode>,
);
