import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/PageShell';
import { paths } from '../../../config/paths';

/** Placeholder until the landing issue builds the hero, demo, features, testimonials and pricing sections. */
export function LandingPage() {
  return (
    <PageShell>
      <Stack spacing={3} alignItems="flex-start">
        <Typography variant="overline" color="text.secondary">
          AI-text detector and humaniser
        </Typography>
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
          Inkprint
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          Inkprint scores text for AI authorship and rewrites AI-looking text in the tone you choose.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" href={paths.apiDocs}>
            API docs
          </Button>
          <Button variant="outlined" href={paths.admin}>
            Admin console
          </Button>
        </Stack>
      </Stack>
    </PageShell>
  );
}
