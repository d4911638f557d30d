import { createTheme } from '@mui/material/styles';

/** The keyboard focus ring: blue, offset from the element, on light and dark surfaces alike (a white halo inside). */
export const FOCUS_RING = {
  outline: '3px solid #1f5eff',
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #ffffff',
} as const;

// md = 960 px: the top bar switches to the mobile menu at and below 960 px (spec §2).
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 961, lg: 1200, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: '#1b2a4a', light: '#2f4676', dark: '#111c33' },
    secondary: { main: '#f5c542', contrastText: '#1b2a4a' },
    background: { default: '#f7f8fb', paper: '#ffffff' },
    text: { primary: '#14213d', secondary: '#4a5672' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 800, letterSpacing: '-0.01em' },
    h4: { fontWeight: 750 },
    h5: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 650 },
  },
  components: {
    // Keyboard focus is a clear ring on every interactive element (issue 30 item 5), not only MUI's focus ripple
    // (an off-centre grey blob on dark buttons): ButtonBase resets the outline, so it gets the ring back here.
    MuiCssBaseline: { styleOverrides: { ':focus-visible:not(input):not(textarea)': FOCUS_RING } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiButton: { defaultProps: { disableElevation: true, disableFocusRipple: true } },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
