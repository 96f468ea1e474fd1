import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { FOCUS_RING, focusRingOutset } from '../components/layout/focus-ring';

// Colours are chosen for WCAG AA: primary #0b5c7a is 7.4:1 on white and 6.5:1 on its light
// tint; the status colours are MUI's hues darkened until white text on them passes 4.5:1.
const primary = { main: '#0b5c7a', light: '#e6f1f5', dark: '#07435a', contrastText: '#ffffff' };

const grey = {
  50: '#f4f6f8',
  100: '#eceff2',
  200: '#dde2e7',
  300: '#c5ccd3',
  400: '#98a2ad',
  500: '#6d7883',
  600: '#5f6b76',
  700: '#434d57',
  800: '#2c3640',
  900: '#1b2733',
};

export const themeOptions = {
  palette: {
    mode: 'light',
    primary,
    secondary: { main: '#434d57', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5300' },
    success: { main: '#1e6b34' },
    info: { main: '#0b5c7a' },
    grey,
    text: { primary: grey[900], secondary: grey[600] },
    background: { default: grey[50], paper: '#ffffff' },
    divider: grey[200],
  },
  shape: { borderRadius: 8 },
  // MUI's own keyboard focus ring (focus-ring.ts) on every ButtonBase, Link and Chip: outset,
  // and mirrored inside the edge on items that a container clips (menu items, tabs, list items).
  focusVisible: FOCUS_RING,
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: 16,
    htmlFontSize: 16,
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    body1: { fontSize: '1rem', lineHeight: 1.55 },
    body2: { fontSize: '0.9375rem', lineHeight: 1.5 },
    button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { minHeight: '100vh' },
        '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
        'body.chat-widget-hidden [data-chat-widget]': { display: 'none !important' },
        // Native links and buttons outside MUI's ButtonBase get the same ring (WCAG 2.4.7).
        ':where(a, button, summary, [tabindex]:not([tabindex="-1"])):focus-visible':
          focusRingOutset,
        // Targets focused by script (the page heading after a route change, main for the skip
        // link) are not controls: no ring.
        '[tabindex="-1"]:focus': { outline: 'none' },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // The focus ripple would be a second focus indicator beside the ring.
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: { root: { borderRadius: 8, minHeight: 44, paddingInline: 20 } },
    },
    MuiIconButton: {
      defaultProps: { disableFocusRipple: true },
      styleOverrides: { root: { minWidth: 44, minHeight: 44 } },
    },
    MuiTab: { defaultProps: { disableFocusRipple: true } },
    MuiCheckbox: { defaultProps: { disableFocusRipple: true } },
    MuiRadio: { defaultProps: { disableFocusRipple: true } },
    MuiSwitch: { defaultProps: { disableFocusRipple: true } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 12, borderColor: grey[200] } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8, backgroundColor: '#ffffff' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 8, alignItems: 'flex-start' } } },
    MuiLink: { defaultProps: { underline: 'always' } },
    // Initials avatars (lib/format initialsOf): primary on its tint, 6.5:1 (MUI's grey is 2.4:1).
    MuiAvatar: {
      styleOverrides: { colorDefault: { backgroundColor: primary.light, color: primary.main } },
    },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 12 } } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);
