import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';

/**
 * What a plain admin sees on the admin team's address (issue 30 item 8): a permissions message with a way back, not
 * react-admin's 'Not Found … bad link'. The API refuses the calls all the same.
 */
export function SuperAdminOnly() {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Admin team
      </Typography>
      <Alert severity="info" data-testid="super-admin-only">
        Only the super admin can see and manage the admin team. Ask them to invite or revoke an admin.
      </Alert>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        Back to the dashboard
      </Button>
    </Box>
  );
}
