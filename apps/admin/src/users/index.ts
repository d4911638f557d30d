import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';

/** The user directory resource (spread into <Resource>). */
export const users = {
  name: 'users',
  list: UserList,
  icon: PeopleIcon,
  options: { label: 'Users' },
  recordRepresentation: 'email',
};
