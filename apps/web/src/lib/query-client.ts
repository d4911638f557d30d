import { focusManager, QueryClient } from '@tanstack/react-query';

// The request layer already retries transient failures (spec §4), so queries do not retry again.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});

// Spec §4: plan limits refresh on window focus as well as when the tab becomes visible; react-query listens to the
// second only. Queries that opt in with `refetchOnWindowFocus` refetch on either.
focusManager.setEventListener((handleFocus) => {
  const onFocus = () => handleFocus();
  window.addEventListener('visibilitychange', onFocus, false);
  window.addEventListener('focus', onFocus, false);
  return () => {
    window.removeEventListener('visibilitychange', onFocus);
    window.removeEventListener('focus', onFocus);
  };
});
