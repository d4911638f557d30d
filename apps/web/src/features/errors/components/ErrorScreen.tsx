import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Stand-alone error screen (no top bar or footer, so it renders even when the shell cannot). */
export function ErrorScreen({
  code,
  title,
  children,
  actions,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'radial-gradient(circle at 20% 0%, #e8edf8 0%, #f7f8fb 45%)',
      }}
    >
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label="Inkprint"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            textDecoration: 'none',
            color: 'primary.main',
            fontWeight: 800,
            fontSize: 20,
          }}
        >
          <Box component="img" src="/logo.svg" alt="" width={28} height={28} />
          <span aria-hidden="true">Inkprint</span>
        </Box>
      </Container>
      <Container maxWidth="sm" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 6 }}>
        <Stack spacing={2.5} alignItems="flex-start">
          <Typography
            aria-hidden="true"
            sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 900, lineHeight: 1, color: 'rgba(27,42,74,0.14)' }}
          >
            {code}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, sm: 42 } }}>
            {title}
          </Typography>
          <Box sx={{ color: 'text.secondary', fontSize: 17 }}>{children}</Box>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
            {actions}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
