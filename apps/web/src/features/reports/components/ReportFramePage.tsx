import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../../config/paths';

/** `/report/{id}`: the frame of the shared report page; part 2 loads and renders the report inside it. */
export default function ReportFramePage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        spacing={2}
        sx={{ mb: 3 }}
      >
        <Box>
          <Typography variant="overline" sx={{ color: 'primary.light', fontWeight: 800 }}>
            Shared report
          </Typography>
          <Typography variant="h4" component="h1">
            AI detection report
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            Report {id}
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.home} state={{ scrollTo: 'demo' }} variant="contained">
          Try AI Detection
        </Button>
      </Stack>
      <Paper
        elevation={0}
        sx={{ p: { xs: 3, md: 4 }, borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
        role="region"
        aria-busy="true"
        aria-label="Loading report"
      >
        <Skeleton variant="text" width="40%" height={36} />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="90%" />
        <Skeleton variant="rounded" height={120} sx={{ my: 2 }} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="75%" />
      </Paper>
    </Container>
  );
}
