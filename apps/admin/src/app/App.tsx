import PeopleIcon from '@mui/icons-material/People';
import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { Dashboard } from '../dashboard/Dashboard';
import { createDataProvider } from '../providers/data-provider';
import { UsersPlaceholder } from '../users/UsersPlaceholder';
import { ADMIN_BASENAME } from './config';

/**
 * react-admin would create a HashRouter (`/admin/#/users`); the product uses real paths (`/admin/users`,
 * `/admin/invite?token=`), so the app brings a BrowserRouter whose basename is the path it is served under.
 */
export function App({ apiUrl }: { apiUrl: string }) {
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <Admin dataProvider={createDataProvider(apiUrl)} dashboard={Dashboard} title="Inkprint admin" disableTelemetry>
        <Resource name="users" list={UsersPlaceholder} icon={PeopleIcon} />
      </Admin>
    </BrowserRouter>
  );
}
