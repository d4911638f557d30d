import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { AppBar, Layout, RefreshIconButton, useLoading, useSidebarState, type LayoutProps } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { ProfileMenu } from './ProfileMenu';

/**
 * react-admin's LoadingIndicator with a name: its spinner is a progressbar without one (axe: aria-progressbar-name),
 * which a screen reader announces as an unnamed control while a refresh runs. The refresh button stays in place,
 * hidden while loading, as react-admin's does.
 */
function LoadingIndicator() {
  const loading = useLoading();
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={{ opacity: loading ? 0 : 1 }} />
      {loading ? (
        <CircularProgress
          aria-label="Loading"
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      ) : null}
    </Box>
  );
}

/** The app bar stays put while scrolling (long directory pages keep the title and the profile menu in view). */
function AdminAppBar() {
  return <AppBar alwaysOn userMenu={<ProfileMenu />} toolbar={<LoadingIndicator />} />;
}

/** Below 900 px (tablets) the menu starts folded to its icons, leaving the width to the tables. */
function useFoldedMenuOnNarrowScreens() {
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (window.innerWidth < 900) setOpen(false);
  }, [setOpen]);
}

export function AdminLayout({ children }: LayoutProps) {
  useFoldedMenuOnNarrowScreens();
  return (
    <Layout
      menu={AdminMenu}
      appBar={AdminAppBar}
      // react-admin's layout is at least as wide as its content ('fit-content'): wide tables would widen the page;
      // here they scroll inside their own container instead.
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
        '& .RaSidebar-docked': { flexShrink: 0 },
      }}
    >
      {children}
    </Layout>
  );
}
