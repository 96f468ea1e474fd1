// See mui-build.ts: the file MUI's createTheme calls for a theme without CSS variables.
declare module '@mui/material/styles/createThemeNoVars' {
  import type { createTheme } from '@mui/material/styles';

  const createThemeNoVars: typeof createTheme;
  export default createThemeNoVars;
}
