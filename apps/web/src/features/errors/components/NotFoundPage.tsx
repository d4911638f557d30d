import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ErrorScreen } from './ErrorScreen';
import { useDocumentTitle } from '../../../lib/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      actions={
        <>
          <Button component={RouterLink} to={paths.home} variant="contained">
            Home
          </Button>
          <Button component={RouterLink} to={paths.contact} variant="outlined">
            Contact
          </Button>
          <Button component={RouterLink} to={paths.privacy} variant="text">
            Privacy
          </Button>
        </>
      }
    >
      <Typography>The page you are looking for does not exist or has moved.</Typography>
    </ErrorScreen>
  );
}

export default NotFoundPage;
