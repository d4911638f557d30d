import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';

/** Placeholder list: fetches nothing until GET /admin/users exists. */
export function UsersPlaceholder() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Users" />
      <CardContent>
        <Typography>The user directory arrives with the admin console.</Typography>
      </CardContent>
    </Card>
  );
}
