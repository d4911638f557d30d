import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/PageShell';
import { paths } from '../../../config/paths';

/** Product spec §2: any unknown path shows 'Page not found' with Home, Contact and Privacy buttons. */
export function NotFoundPage() {
  return (
    <PageShell>
      <Stack spacing={3} alignItems="flex-start">
        <Typography variant="overline" color="text.secondary">
          404
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary">The page you are looking for does not exist or has moved.</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" href={paths.home}>
            Home
          </Button>
          <Button variant="outlined" href={paths.contact}>
            Contact
          </Button>
          <Button variant="outlined" href={paths.privacy}>
            Privacy
          </Button>
        </Stack>
      </Stack>
    </PageShell>
  );
}
