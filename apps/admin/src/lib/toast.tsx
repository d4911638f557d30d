import Box from '@mui/material/Box';
import { useNotify } from 'react-admin';
import { useCallback } from 'react';
import { ADMIN_ERRORS, serverMessage, SUCCESS_FALLBACK, SUCCESS_TITLE, type AdminErrorKind } from './messages';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

/** Spec §3 "Toast" (type, title, message): react-admin's notification with a bold title line. */
export function ToastBody({ title, message }: { title: string; message: string }) {
  return (
    <Box data-testid="toast" sx={{ display: 'flex', flexDirection: 'column' }}>
      <strong>{title}</strong>
      <span>{message}</span>
    </Box>
  );
}

export function useToast() {
  const notify = useNotify();
  const show = useCallback(
    (type: ToastType, title: string, message: string, ttlMs?: number) =>
      notify(<ToastBody title={title} message={message} />, {
        type,
        autoHideDuration: ttlMs ?? (type === 'success' ? 3800 : 5200),
      }),
    [notify],
  );
  const failed = useCallback(
    (kind: AdminErrorKind, error: unknown) => {
      const { title, message } = ADMIN_ERRORS[kind];
      show('error', title, serverMessage(error) ?? message);
    },
    [show],
  );
  const succeeded = useCallback(
    (message?: string) => show('success', SUCCESS_TITLE, message || SUCCESS_FALLBACK),
    [show],
  );
  return { show, failed, succeeded };
}
