import { useEffect } from 'react';
import { AppBar, Layout, useSidebarState, type LayoutProps } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { ProfileMenu } from './ProfileMenu';

/** The app bar stays put while scrolling (long directory pages keep the title and the profile menu in view). */
function AdminAppBar() {
  return <AppBar alwaysOn userMenu={<ProfileMenu />} />;
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
