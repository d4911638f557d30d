import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { AdminTeam } from './AdminTeam';

/** The admin team resource (super admin only; spread into <Resource>). */
export const admins = {
  name: 'admins',
  list: AdminTeam,
  icon: AdminPanelSettingsIcon,
  options: { label: 'Admin team' },
  recordRepresentation: 'email',
};
