import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { paths } from '../config/paths';

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md">
          <Link href={paths.home} underline="none" color="primary" sx={{ fontWeight: 800, fontSize: 20 }}>
            Inkprint
          </Link>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 6, md: 10 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 3, borderTop: 1, borderColor: 'divider' }}>
        <Container maxWidth="md">
          <Typography variant="body2" color="text.secondary">
            © Inkprint
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
