import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ErrorScreen } from './ErrorScreen';
import { useDocumentTitle } from '../../../lib/document-title';

export const SERVER_ERROR_REFERENCE = 'SRV-ERR-500';

export function ServerErrorPage() {
  useDocumentTitle('Server error');
  return (
    <ErrorScreen
      code="500"
      title="Well... that glitched"
      actions={
        <>
          <Button component={RouterLink} to={paths.home} variant="contained">
            Return home
          </Button>
          <Button component={RouterLink} to={paths.contact} variant="outlined">
            Contact support
          </Button>
        </>
      }
    >
      <Typography>Something went wrong on our side. Your text and account are safe.</Typography>
      <Typography sx={{ mt: 1.5 }}>
        Reference code:{' '}
        <Box
          component="code"
          sx={{ fontWeight: 700, color: 'text.primary', bgcolor: 'rgba(27,42,74,0.08)', px: 0.75, borderRadius: 1 }}
        >
          {SERVER_ERROR_REFERENCE}
        </Box>
      </Typography>
      <Typography component="h2" sx={{ mt: 2.5, fontWeight: 700, color: 'text.primary' }}>
        Quick steps
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, mt: 1, '& li': { mb: 0.5 } }}>
        <li>Reload the page: most glitches clear on their own.</li>
        <li>Wait 30–60 seconds and try again.</li>
        <li>If it keeps happening, contact support and quote the reference code.</li>
      </Box>
    </ErrorScreen>
  );
}

export default ServerErrorPage;
