import { Layout, type LayoutProps } from 'react-admin';
import { AdminMenu } from './AdminMenu';

export function AdminLayout({ children }: LayoutProps) {
  return <Layout menu={AdminMenu}>{children}</Layout>;
}
