import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme with Inkprint's ink-blue primary (contrast ≥ 4.5:1 on white for text and buttons). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1f4e8c' }, secondary: { main: '#1f4e8c' } },
  typography: { ...defaultTheme.typography, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};
