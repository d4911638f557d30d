import { defaultTheme, type RaThemeOptions } from 'react-admin';

const INK = '#1f4e8c';

/** The keyboard focus ring: blue, 2 px off the element over a white halo, on the blue app bar and white cards alike. */
const FOCUS_RING = { outline: '3px solid #1f5eff', outlineOffset: '2px', boxShadow: '0 0 0 2px #ffffff' } as const;

/** react-admin's default theme with Inkprint's ink-blue primary (contrast ≥ 4.5:1 on white for text and buttons). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: INK }, secondary: { main: INK } },
  typography: { ...defaultTheme.typography, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    ...defaultTheme.components,
    // A clear keyboard focus ring on every interactive element (issue 30 item 5), as on the web app: ButtonBase resets
    // the outline and shows only its focus ripple, so it gets the ring back.
    MuiCssBaseline: { styleOverrides: { ':focus-visible:not(input):not(textarea)': FOCUS_RING } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    // react-admin's 'Skip to content' button is white on the near-white page background: give it the ink background.
    RaSkipNavigationButton: {
      styleOverrides: { root: { backgroundColor: INK, color: '#fff', '&:hover': { backgroundColor: INK } } },
    },
  } as RaThemeOptions['components'],
};
