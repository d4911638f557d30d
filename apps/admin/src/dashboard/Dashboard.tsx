import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';

/** Placeholder for the control center (summary cards, enrolments, humanisations) of the admin console issue. */
export function Dashboard() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Inkprint admin" />
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          Inkprint admin
        </Typography>
        <Typography color="text.secondary">
          The control center for users, plans and admin invitations will live here.
        </Typography>
      </CardContent>
    </Card>
  );
}
