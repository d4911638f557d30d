import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/** The mobile menu's drawer, loaded on first open so the modal machinery stays out of the initial bundle. */
export default function MobileMenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: 'mobile-menu', sx: { width: 'min(320px, 88vw)', p: 2 } } }}
    >
      {children}
    </Drawer>
  );
}
