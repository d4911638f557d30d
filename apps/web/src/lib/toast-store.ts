import { createStore } from './store';

/** Spec §3 "Toast"; timings of §4: 5.2 s by default, exit animation 420 ms (380 ms when closed by hand). */
export type ToastType = 'info' | 'success' | 'warn' | 'error';
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  ttlMs?: number;
}
export interface ShownToast extends Toast {
  leaving: boolean;
}

export const TOAST_TTL_MS = 5200;
export const TOAST_SUCCESS_TTL_MS = 3800;
export const TOAST_EXIT_MS = 420;
export const TOAST_MANUAL_EXIT_MS = 380;

export const toasts = createStore<ShownToast[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export function dismissToast(id: string, manual = false): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  toasts.set((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  timers.set(
    id,
    setTimeout(
      () => {
        timers.delete(id);
        toasts.set((list) => list.filter((t) => t.id !== id));
      },
      manual ? TOAST_MANUAL_EXIT_MS : TOAST_EXIT_MS,
    ),
  );
}

export function showToast(toast: Omit<Toast, 'id'> & { id?: string }): string {
  const id = toast.id ?? `toast-${Date.now()}-${++counter}`;
  toasts.set((list) => [...list.filter((t) => t.id !== id), { ...toast, id, leaving: false }].slice(-5));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toast.ttlMs ?? TOAST_TTL_MS),
  );
  return id;
}
