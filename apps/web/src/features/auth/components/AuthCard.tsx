import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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
