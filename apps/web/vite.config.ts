import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { muiAliases, muiThemeWithoutCssVars } from './mui-build.ts';
import { precompress } from './scripts/precompress.ts';
import { shellChunks } from './scripts/shell-chunks.ts';

// The dev server proxies every server path to a locally running API (port 3100 by default),
// so `npm run dev -w apps/web` works against `PORT=3100 npx tsx apps/server/src/main.ts`.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3100';
const proxied = [
  '/identity',
  '/user',
  '/connect',
  '/version.json',
  '/config.json',
  '/client-errors',
  '/dev',
  // The sandbox payment gateway's tokenization endpoint (the card form posts there).
  '/gateway',
];

const FRAMEWORK = new RegExp(
  [
    'react',
    'react-dom',
    'scheduler',
    'react-router',
    '@tanstack',
    '@openfeature',
    '@emotion',
    'stylis',
    '@mui[\\\\/](?:system|utils|styled-engine|private-theming|material[\\\\/](?:styles|utils|internal))',
    'react-is',
    'react-transition-group',
    'hoist-non-react-statics',
    'cookie',
    'set-cookie-parser',
    'clsx',
    '@babel[\\\\/]runtime',
  ]
    .map((name) => `[\\\\/]node_modules[\\\\/]${name}[\\\\/]`)
    .join('|'),
);

// What the sign-in page renders beyond the framework (issue 16): its screens and the MUI
// components and icons they use, as one file instead of ~30 small ones (each small file
// compresses on its own and carries its import/export glue).
const ACCESS = new RegExp(
  [
    '[\\/]src[\\/]features[\\/]auth[\\/](?:sign-in-page|sign-in-screen|access-layout|access-heading|use-google-redirect-result)\\.tsx?$',
    '[\\/]src[\\/]components[\\/](?:text-input|password-field|submit-button|merge-sx)\\.tsx?$',
    '[\\/]src[\\/]components[\\/]layout[\\/](?:footer|language-switcher|logo|page-container|skip-link)\\.tsx?$',
    '[\\/]src[\\/]lib[\\/](?:links|forms)\\.ts$',
    '[\\/]node_modules[\\/]@mui[\\/]material[\\/](?:Typography|Paper|ButtonBase|InputBase|OutlinedInput|Divider|InputLabel|FormControl|TextareaAutosize|InputAdornment|FormHelperText|FormLabel|Stack|useLazyRipple)[\\/]',
    '[\\/]node_modules[\\/]@mui[\\/]system[\\/](?:Stack|useThemeProps)[\\/]',
    '[\\/]node_modules[\\/]@mui[\\/]utils[\\/](?:debounce|isMuiElement|getActiveElement|ownerWindow|ownerDocument|useEnhancedEffect)[\\/]',
    '[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/](?:Language|VisibilityOffOutlined|VisibilityOutlined|Google)\\.',
  ].join('|'),
);

// Issue 16: what every signed-in page renders, in a few files (scripts/shell-chunks.ts).
const shell = shellChunks();

// The care team's console (care.html, issue 41) is a second build into the same dist
// (`npm run build` runs both): one build of two pages shares chunks between them, and the
// portal's hand-made groups (shell, access) then had care's page import a shell file that
// imports the portal's entry, which ran the customer's app on care's page. Built apart, the
// two pages share no file, and the portal's build is what it was without the console.
const careBuild = process.env.PORTAL_WEB_PAGE === 'care';
const careInput = fileURLToPath(new URL('./care.html', import.meta.url));

export default defineConfig({
  plugins: careBuild
    ? [react(), muiThemeWithoutCssVars(), precompress()]
    : [react(), muiThemeWithoutCssVars(), shell.plugin, precompress()],
  resolve: { alias: muiAliases },
  // The server puts each response's CSP nonce where this placeholder is (scripts, styles and
  // the csp-nonce meta tag Emotion reads); the policy allows no inline style without it.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 3101,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
      '/graphql': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 3102, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // Both builds (the portal's, then the console's) write to one folder: PORTAL_WEB_OUT_DIR
    // when set (scripts/release.mjs builds into its release folder: `--outDir` after `npm run
    // build` would reach the second `vite build` only), else dist. The console's build writes
    // beside the portal's, which ran first.
    outDir: process.env.PORTAL_WEB_OUT_DIR ?? 'dist',
    emptyOutDir: !careBuild,
    rolldownOptions: careBuild
      ? {
          input: careInput,
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false },
            ],
          },
        }
      : {
          output: {
            codeSplitting: {
              groups: [
                // What every page needs (React, MUI's styling core, emotion, router), as one
                // cacheable file. Only modules the entry itself imports: a module only lazy screens
                // use stays with them, so the sign-in page does not download it (the query library
                // and OpenFeature come with the signed-in layer, app/data-layer.tsx: issue 16).
                { name: 'framework', test: FRAMEWORK, priority: 2, tags: ['$initial'] },
                { name: 'access', test: ACCESS, priority: 1 },
                // Validation (zod), loaded with the first screen that validates; the sign-in page
                // loads it when the customer starts typing (issue 16).
                {
                  name: 'validation',
                  test: /[\\/]node_modules[\\/]zod[\\/]/,
                  priority: 1,
                },
                // The form state library every form uses (sign-in aside: its two fields keep a small
                // hook, issue 16) with its zod resolver, which imports it: in the validation chunk the
                // resolver made every screen that checks one value with zod (a time zone, a weight)
                // load the form library too (issue 46).
                {
                  name: 'form-state',
                  test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
                  priority: 2,
                },
                // What every signed-in page renders (scripts/shell-chunks.ts): only the modules named (their
                // dependencies stay where they are, some on the sign-in page), in pieces of at most
                // ~450 KB of module source (≤ ~25 KB gzip each).
                {
                  name: 'shell',
                  test: shell.test,
                  priority: 0,
                  includeDependenciesRecursively: false,
                  maxSize: 450_000,
                },
              ],
            },
          },
          treeshake: {
            // @portal/domain is pure (STYLE.md rule 1) but does not say so in its package.json;
            // without this, any constant pulled from it drags every zod schema into the entry.
            moduleSideEffects: [
              { test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false },
              // The full catalogues are pure data (object spreads of JSON); i18n.ts's `resources`
              // (tests) must not pull them into the entry: the app loads them on demand.
              { test: /[\\/]src[\\/]lib[\\/]i18n-catalogue-\w+\.ts$/, sideEffects: false },
            ],
          },
        },
  },
});
