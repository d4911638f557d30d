import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

/** Word mark; the image is served by the app itself (public/logo.svg). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      aria-label="Inkprint"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        textDecoration: 'none',
        color: inverted ? '#fff' : 'primary.main',
        fontWeight: 800,
        fontSize: 20,
        letterSpacing: '-0.01em',
        borderRadius: 1,
      }}
    >
      <Box component="img" src="/logo.svg" alt="" width={28} height={28} sx={{ display: 'block' }} />
      <span aria-hidden="true">Inkprint</span>
    </Box>
  );
}
