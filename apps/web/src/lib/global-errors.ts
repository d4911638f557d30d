import { showToast } from './toast-store';

/** Spec §8 "Global": uncaught errors and unhandled rejections become an 'Error' toast. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    showToast({ type: 'error', title: 'Error', message: messageOf(event.error ?? event.message) });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    showToast({ type: 'error', title: 'Error', message: messageOf(event.reason) });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

export function messageOf(reason: unknown): string {
  if (reason instanceof Error && reason.message) return reason.message;
  if (typeof reason === 'string' && reason) return reason;
  return 'An unexpected error occurred';
}
