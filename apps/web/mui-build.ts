import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

// Issue 16: MUI's createTheme (@mui/material/styles/createTheme.mjs) imports its CSS-variables
// variant (createThemeWithVars and @mui/system's cssVars, ~5 KB gzip) whether used or not, and
// every MUI component loads it through the default theme. Neither our theme (src/app/theme.ts)
// nor MUI's default theme asks for CSS variables or colour schemes, and for such options
// createTheme returns createThemeNoVars(options, ...args) unchanged. So the build gives MUI's
// styles src/app/mui-create-theme.ts in its place: that call, and an error for the CSS-variables
// options it does not carry. src/app/mui-create-theme.test.ts checks it against MUI's own.
const muiStyles = dirname(createRequire(import.meta.url).resolve('@mui/material/styles'));
const shim = fileURLToPath(new URL('./src/app/mui-create-theme.ts', import.meta.url));

/** The file MUI's createTheme calls, which the package's exports do not name (build and tests). */
export const muiAliases: Alias[] = [
  {
    find: /^@mui\/material\/styles\/createThemeNoVars$/,
    replacement: join(muiStyles, 'createThemeNoVars.mjs'),
  },
];

/** MUI's styles import src/app/mui-create-theme.ts for their createTheme (the build only). */
export function muiThemeWithoutCssVars(): Plugin {
  return {
    name: 'portal:mui-theme-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createTheme.mjs' && importer && dirname(importer) === muiStyles) {
        return shim;
      }
      return null;
    },
  };
}
