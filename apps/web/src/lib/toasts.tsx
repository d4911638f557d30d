import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';
import { dismissToast, toasts, TOAST_EXIT_MS, type ToastType } from './toast-store';

const severity: Record<ToastType, 'info' | 'success' | 'warning' | 'error'> = {
  info: 'info',
  success: 'success',
  warn: 'warning',
  error: 'error',
};

/** The toast stack (bottom right; full width on phones), with the enter/exit animation of spec §4. */
export function ToastViewport() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        zIndex: 2000,
        right: { xs: 12, sm: 24 },
        left: { xs: 12, sm: 'auto' },
        bottom: { xs: 12, sm: 24 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        width: { sm: 380 },
        pointerEvents: 'none',
        '@keyframes toast-in': {
          from: { opacity: 0, transform: 'translateY(12px)' },
          to: { opacity: 1, transform: 'none' },
        },
      }}
    >
      {list.map((toast) => (
        <Alert
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-toast={toast.type}
          severity={severity[toast.type]}
          variant="filled"
          onClose={() => dismissToast(toast.id, true)}
          sx={{
            pointerEvents: 'auto',
            boxShadow: 6,
            animation: 'toast-in 240ms ease-out',
            transition: `opacity ${TOAST_EXIT_MS}ms ease, transform ${TOAST_EXIT_MS}ms ease`,
            opacity: toast.leaving ? 0 : 1,
            transform: toast.leaving ? 'translateX(24px)' : 'none',
            // MUI's filled warning (white on #ed6c02) is 3.0:1; this orange keeps white text at 6:1 (WCAG AA).
            ...(toast.type === 'warn' ? { bgcolor: '#a84300' } : {}),
          }}
        >
          <AlertTitle sx={{ mb: toast.message ? 0.25 : 0 }}>{toast.title}</AlertTitle>
          {toast.message}
        </Alert>
      ))}
    </Box>
  );
}
