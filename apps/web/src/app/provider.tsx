import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { PlanLimitsProvider } from '../lib/plan-limits';
import { queryClient } from '../lib/query-client';
import { ToastViewport } from '../lib/toasts';
import { theme } from './theme';

const globalStyles = {
  html: { scrollBehavior: 'smooth', scrollPaddingTop: 72 },
  '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
  '.skip-link': {
    position: 'absolute',
    left: 12,
    top: -48,
    zIndex: 3000,
    padding: '8px 14px',
    borderRadius: 8,
    background: '#1b2a4a',
    color: '#fff',
    fontWeight: 700,
    transition: 'top 150ms ease',
  },
  '.skip-link:focus': { top: 12 },
  ':focus-visible': { outline: '3px solid #f5c542', outlineOffset: 2 },
} as const;

/** Theme, sessions, plan limits and toasts for every page (pages that fetch data add the query client). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={globalStyles} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PlanLimitsProvider>
            {children}
            <ToastViewport />
          </PlanLimitsProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
