import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Title band at the top of content pages. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <Box sx={{ background: 'linear-gradient(180deg, #eef1f8 0%, #f7f8fb 100%)', py: { xs: 6, md: 9 } }}>
      <Container maxWidth="md">
        {eyebrow && (
          <Typography variant="overline" sx={{ color: 'primary.light', fontWeight: 800, letterSpacing: 1.5 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 44 } }}>
          {title}
        </Typography>
        {children && (
          <Typography component="div" color="text.secondary" sx={{ mt: 2, fontSize: 18, maxWidth: 680 }}>
            {children}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
