import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LockIcon from '@mui/icons-material/Lock';
import PeopleIcon from '@mui/icons-material/People';
import { Menu, usePermissions } from 'react-admin';
import { canManageAdmins } from '../providers/auth-provider';

/** Dashboard, the user directory, and (super admin only) the admin team with its invites. */
export function AdminMenu() {
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/users" primaryText="Users" leftIcon={<PeopleIcon />} />
      <Menu.Item to="/security" primaryText="Two-factor sign-in" leftIcon={<LockIcon />} />
      {canManageAdmins(permissions) ? (
        <Menu.Item to="/admins" primaryText="Admin team" leftIcon={<AdminPanelSettingsIcon />} />
      ) : null}
    </Menu>
  );
}
