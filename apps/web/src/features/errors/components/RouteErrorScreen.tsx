import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../../config/paths';
import { ErrorScreen } from './ErrorScreen';
import { NotFoundPage } from './NotFoundPage';
import { useDocumentTitle } from '../../../lib/document-title';

/** Router errorElement: a thrown render/loader error or a failed lazy chunk (spec §2). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Effects run child first: this one names the tab for both screens, so it must not undo NotFoundPage's title.
  useDocumentTitle(notFound ? 'Page not found' : 'Unexpected error');
  if (notFound) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : null;
  return (
    <ErrorScreen
      code="Oops"
      title="Unexpected Application Error!"
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          {/* A plain link: a full load gets a fresh bundle after a failed chunk. */}
          <Button href={paths.home} variant="outlined">
            Return home
          </Button>
        </>
      }
    >
      <Typography>This page failed to load. Reloading usually fixes it.</Typography>
      {detail && (
        <Typography variant="body2" sx={{ mt: 1.5, fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {detail}
        </Typography>
      )}
    </ErrorScreen>
  );
}
