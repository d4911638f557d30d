import { defaultTheme, type RaThemeOptions } from 'react-admin';

const INK = '#1f4e8c';

/** react-admin's default theme with Inkprint's ink-blue primary (contrast ≥ 4.5:1 on white for text and buttons). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: INK }, secondary: { main: INK } },
  typography: { ...defaultTheme.typography, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    ...defaultTheme.components,
    // react-admin's 'Skip to content' button is white on the near-white page background: give it the ink background.
    RaSkipNavigationButton: {
      styleOverrides: { root: { backgroundColor: INK, color: '#fff', '&:hover': { backgroundColor: INK } } },
    },
  } as RaThemeOptions['components'],
};
