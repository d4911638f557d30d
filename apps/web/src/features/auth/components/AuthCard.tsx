import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        py: { xs: 5, md: 9 },
        background: 'radial-gradient(900px 400px at 50% -10%, #dfe6f7 0%, rgba(247,248,251,0) 70%)',
      }}
    >
      <Container maxWidth="sm">
        <Paper
          elevation={0}
          sx={{
            p: { xs: 3, sm: 5 },
            borderRadius: 5,
            border: 1,
            borderColor: 'rgba(27,42,74,0.08)',
            boxShadow: '0 18px 50px rgba(20,33,61,0.08)',
          }}
        >
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, sm: 32 } }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {!subtitle && <Box sx={{ mb: 3 }} />}
          {children}
        </Paper>
      </Container>
    </Box>
  );
}

/**
 * The end of the forgot- and reset-password forms: the submit button (its busy label while the request runs) and the
 * way back to sign-in.
 */
export function AuthFormFooter({
  label,
  busyLabel,
  busy,
  disabled = busy,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <Button type="submit" variant="contained" size="large" disabled={disabled}>
        {busy ? busyLabel : label}
      </Button>
      <Link component={RouterLink} to={paths.signin} variant="body2" sx={{ textAlign: 'center' }}>
        Back to sign in
      </Link>
    </>
  );
}
