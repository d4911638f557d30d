import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { Logout, useGetIdentity, UserMenuContextProvider } from 'react-admin';

/** Wide enough for 'Logout' and a signed-in address; never wider than the screen less its margins. */
const MENU_WIDTH = 260;

/**
 * The app bar's profile menu (who is signed in, 'Logout'). react-admin's own UserMenu is positioned before its items
 * have their width, so it opened mostly off the right edge of the screen (issue 43 item 6); this one has a fixed
 * width, known before it opens, and is anchored by its right edge under the button, so it stays inside the viewport.
 */
export function ProfileMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose: close }), [close]);
  const name = identity?.fullName;
  const email = typeof identity?.email === 'string' ? identity.email : undefined;
  const buttonProps = {
    'aria-label': 'Profile',
    'aria-haspopup': true,
    'aria-controls': anchor ? 'profile-menu' : undefined,
    'aria-expanded': anchor ? true : undefined,
    color: 'inherit' as const,
    onClick: open,
  };
  return (
    <>
      {wide && name ? (
        <Button
          {...buttonProps}
          aria-label={`Profile: ${name}`}
          startIcon={<AccountCircle />}
          sx={{ textTransform: 'none', maxWidth: 260 }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Button>
      ) : (
        <IconButton {...buttonProps}>
          <AccountCircle />
        </IconButton>
      )}
      <UserMenuContextProvider value={context}>
        <Popover
          id="profile-menu"
          anchorEl={anchor}
          open={anchor !== null}
          onClose={close}
          disableScrollLock
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { width: MENU_WIDTH, maxWidth: 'calc(100vw - 32px)' } } }}
        >
          {email ? (
            <>
              <Box sx={{ px: 2, pt: 1.5, pb: 1.5 }}>
                <Typography variant="body2" color="text.secondary">
                  Signed in as
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {email}
                </Typography>
              </Box>
              <Divider />
            </>
          ) : null}
          {/* The menu holds its items only (a menu's children are menu items); who is signed in sits above it. */}
          <MenuList autoFocusItem aria-label="Profile">
            <Logout />
          </MenuList>
        </Popover>
      </UserMenuContextProvider>
    </>
  );
}
