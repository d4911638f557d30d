import PeopleIcon from '@mui/icons-material/People';
import { Admin, Resource } from 'react-admin';
import { Dashboard } from '../dashboard/Dashboard';
import { createDataProvider } from '../providers/data-provider';
import { UsersPlaceholder } from '../users/UsersPlaceholder';
import { ADMIN_BASENAME } from './config';

export function App({ apiUrl }: { apiUrl: string }) {
  return (
    <Admin basename={ADMIN_BASENAME} dataProvider={createDataProvider(apiUrl)} dashboard={Dashboard} title="Inkprint admin" disableTelemetry>
      <Resource name="users" list={UsersPlaceholder} icon={PeopleIcon} />
    </Admin>
  );
}
