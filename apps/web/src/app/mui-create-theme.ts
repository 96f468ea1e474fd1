import type { createTheme as muiCreateTheme } from '@mui/material/styles';
import createThemeNoVars from '@mui/material/styles/createThemeNoVars';

type CreateTheme = typeof muiCreateTheme;

/**
 * MUI's createTheme for the options this app gives it (no CSS variables, no colour schemes),
 * which the build puts in place of MUI's own (mui-build.ts, issue 16): for those, MUI's returns
 * createThemeNoVars(options, ...args) too. Other options fail loudly instead of differing.
 */
export const createTheme: CreateTheme = (options = {}, ...args) => {
  if ((options.cssVariables ?? false) !== false || 'colorSchemes' in options) {
    throw new Error('This build of createTheme has no CSS variables or colour schemes (issue 16)');
  }
  return createThemeNoVars(options, ...args);
};

export default createTheme;
