import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useNotify } from 'react-admin';
import { useCallback } from 'react';
import { ADMIN_ERRORS, serverMessage, SUCCESS_FALLBACK, SUCCESS_TITLE, type AdminErrorKind } from './messages';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

/** Spec §3 "Toast" (type, title, message): a filled alert with its title, shown by react-admin's notification. */
export function ToastBody({ type, title, message }: { type: ToastType; title: string; message: string }) {
  return (
    <Alert data-testid="toast" severity={type} variant="filled" sx={{ minWidth: 280, maxWidth: 520, boxShadow: 3 }}>
      <AlertTitle sx={{ mb: 0 }}>{title}</AlertTitle>
      {message}
    </Alert>
  );
}

export function useToast() {
  const notify = useNotify();
  const show = useCallback(
    (type: ToastType, title: string, message: string, ttlMs?: number) =>
      notify(<ToastBody type={type} title={title} message={message} />, {
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
