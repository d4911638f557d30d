import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { usePlanLimits } from '../../lib/plan-limits';
import { greeting, usageLine, usageLineShort } from '../../lib/plan-selection';
import { AccountCircleIcon } from '../ui/icons';
import { ADMIN_NARROW_BAR, ADMIN_TIGHT_BAR, NARROW_BAR } from './top-bar-layout';

export interface SignOutAction {
  pending: boolean;
  run: () => Promise<void>;
}

/** The desktop bar's signed-in block: the account link (greeting, or an icon where it has no room), usage, sign-out. */
export function TopBarAccount({ signOut }: { signOut: SignOutAction }) {
  const { session, isAdmin } = useAuth();
  const { requests } = usePlanLimits();
  const { pathname } = useLocation();
  if (!session) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      // An admin's bar, one link longer, makes room for the account link (the icon, then the greeting).
      sx={{
        display: { xs: 'none', md: 'flex' },
        ...(isAdmin
          ? {
              [ADMIN_TIGHT_BAR]: {
                '& > :not(style) ~ :not(style)': { ml: 1 },
                '& .sign-out': { px: 0.75 },
              },
              [ADMIN_NARROW_BAR]: { '& > :not(style) ~ :not(style)': { ml: 0.5 } },
            }
          : {}),
      }}
    >
      {/* An admin's bar has one link more: the greeting leaves the narrow bar, the usage line is the short one. */}
      {isAdmin ? (
        // Where an admin's greeting has no room (961-1159 px), an icon keeps the way to the account page.
        <IconButton
          component={RouterLink}
          to={paths.account}
          aria-label="Your account"
          title={`${greeting(session.user)}: your account`}
          aria-current={pathname === paths.account ? 'page' : undefined}
          data-testid="account-icon-link"
          size="small"
          sx={{
            display: 'none',
            p: 0.5,
            color: pathname === paths.account ? 'primary.main' : 'text.secondary',
            [ADMIN_NARROW_BAR]: { display: 'inline-flex' },
          }}
        >
          <AccountCircleIcon fontSize="small" />
        </IconButton>
      ) : null}
      <Box
        sx={{
          textAlign: 'right',
          lineHeight: 1.2,
          ...(isAdmin ? { [ADMIN_NARROW_BAR]: { display: 'none' } } : {}),
        }}
      >
        {/* 'Hi, {name}' opens the account page (issue 43 item 7). */}
        <Typography
          component={RouterLink}
          to={paths.account}
          variant="body2"
          data-testid="greeting"
          title={`${greeting(session.user)}: your account`}
          aria-current={pathname === paths.account ? 'page' : undefined}
          sx={{
            display: 'block',
            color: 'text.primary',
            textDecoration: 'none',
            '&:hover, &:focus-visible': { textDecoration: 'underline' },
            fontWeight: 700,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            maxWidth: 240,
            // 961-1099 px: the links take the room, a long name is cut with an ellipsis (the title has it all)
            [NARROW_BAR]: { maxWidth: 80 },
          }}
        >
          {greeting(session.user)}
        </Typography>
        {requests && (
          <>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="usage-line"
              sx={{ display: { xs: 'none', lg: isAdmin ? 'none' : 'block' }, whiteSpace: 'nowrap' }}
            >
              {usageLine(requests)}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="usage-line-short"
              sx={{
                display: 'none',
                whiteSpace: 'nowrap',
                // between 1100 px and the wide layout; below 1100 the links and the greeting fill the bar
                [isAdmin ? '@media (min-width: 1100px)' : '@media (min-width: 1100px) and (max-width: 1199.95px)']: {
                  display: 'block',
                },
              }}
            >
              {usageLineShort(requests)}
            </Typography>
          </>
        )}
      </Box>
      <Button
        variant="outlined"
        size="small"
        className="sign-out"
        onClick={signOut.run}
        disabled={signOut.pending}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {signOut.pending ? 'Signing out…' : 'Sign out'}
      </Button>
    </Stack>
  );
}
