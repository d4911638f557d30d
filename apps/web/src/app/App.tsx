import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotFoundPage } from '../features/errors/components/NotFoundPage';
import { LandingPage } from '../features/landing/components/LandingPage';
import { pageFor } from './routes';
import { theme } from './theme';

export function App({ pathname }: { pathname: string }) {
  const page = pageFor(pathname);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {page === 'landing' ? <LandingPage /> : <NotFoundPage />}
    </ThemeProvider>
  );
}
