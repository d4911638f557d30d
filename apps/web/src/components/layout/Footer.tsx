import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { CONTACTS } from '../../config/env';
import { paths, type SectionId } from '../../config/paths';
import { goToSection } from './navigation';

/**
 * Phones: the brand, Navigate (half wide), Contact and Legal, one under the other; tablets: the brand over the three
 * link columns; from md all four in a row (4 : 2.5 : 3 : 2.5). 32 px apart, 48 px from md.
 */
const columnsSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: '4fr 2.5fr 3fr 2.5fr' },
  gap: { xs: 4, md: 6 },
} as const;
const brandSx = { gridColumn: { xs: '1 / -1', md: 'auto' } } as const;
const wideOnPhonesSx = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;
const linkSx = { color: 'rgba(255,255,255,0.78)', '&:hover': { color: '#fff' }, fontSize: 15 } as const;

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ color: 'secondary.main', fontWeight: 800, letterSpacing: 1.2 }}
      >
        {title}
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Box>
  );
}

export function Footer() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const section = (id: SectionId, label: string) => (
    <Link
      href={id === 'home' ? '/' : `/#${id}`}
      sx={linkSx}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        goToSection(id, pathname, navigate);
      }}
    >
      {label}
    </Link>
  );
  const page = (to: string, label: string) => (
    <Link component={RouterLink} to={to} sx={linkSx}>
      {label}
    </Link>
  );
  const mail = (address: string, label: string) => (
    <Link href={`mailto:${address}`} sx={linkSx}>
      {label}
    </Link>
  );
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: '#fff', pt: { xs: 6, md: 8 }, pb: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Box sx={columnsSx}>
          <Box sx={brandSx}>
            <Typography sx={{ fontWeight: 800, fontSize: 22 }}>Inkprint</Typography>
            <Typography sx={{ mt: 1.5, color: 'rgba(255,255,255,0.78)', maxWidth: 340 }}>
              Honest AI-authorship scores and tone-aware rewrites for writers, editors, students, lecturers and teams.
            </Typography>
            <Link href={paths.apiDocs} sx={{ ...linkSx, display: 'inline-block', mt: 2 }}>
              API docs
            </Link>
          </Box>
          <Box>
            <Column title="Navigate">
              {section('home', 'Home')}
              {section('demo', 'Product')}
              {section('pricing', 'Pricing')}
              {page(paths.privacy, 'Privacy')}
              {page(paths.security, 'Security')}
              {page(paths.contact, 'Contact')}
            </Column>
          </Box>
          <Box sx={wideOnPhonesSx}>
            <Column title="Contact">
              {mail(CONTACTS.info, CONTACTS.info)}
              {mail(CONTACTS.support, CONTACTS.support)}
              {mail(CONTACTS.sales, CONTACTS.sales)}
            </Column>
          </Box>
          <Box sx={wideOnPhonesSx}>
            <Column title="Legal">
              {page(paths.privacy, 'Privacy Policy')}
              {page(paths.terms, 'Terms of Service')}
              {page(paths.security, 'Security')}
            </Column>
          </Box>
        </Box>
        <Typography
          variant="body2"
          sx={{ mt: 6, pt: 3, borderTop: '1px solid rgba(255,255,255,0.14)', color: 'rgba(255,255,255,0.7)' }}
        >
          © {new Date().getFullYear()} Inkprint. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
