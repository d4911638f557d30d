import { AppBar, Layout, type LayoutProps } from 'react-admin';
import { AdminMenu } from './AdminMenu';

/** The app bar stays put while scrolling (long directory pages keep the title and the user menu in view). */
function AdminAppBar() {
  return <AppBar alwaysOn />;
}

export function AdminLayout({ children }: LayoutProps) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  );
}
