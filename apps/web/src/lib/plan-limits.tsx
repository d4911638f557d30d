import type { RequestsPayload } from '@inkprint/contracts';
import { maxChars, type Plan, type UsageFeature } from '@inkprint/contracts/policies';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { errorMessage } from './api-error';
import { getRequests } from './api/get-requests';
import { getSubscription } from './api/get-subscription';
import { useAuth } from './auth';
import { selectPlan } from './plan-selection';
import { showToast } from './toast-store';

/** Spec §4 "Plan limits". */
export type PlanLimitsStatus = 'idle' | 'loading' | 'refreshing' | 'ready' | 'error';
export const USAGE_POLL_MS = 30_000;
/** Spec §9: limits used while the plan is not known yet. */
export const DEFAULT_LIMITS = { detectorMaxChars: 20_000, humaniserMaxChars: 12_000 } as const;

export interface PlanLimitsState {
  status: PlanLimitsStatus;
  plan: Plan | null;
  limits: { detectorMaxChars: number; humaniserMaxChars: number };
  requests: RequestsPayload | null;
  error: string | null;
  /** `background` refreshes (polling) never toast. */
  refresh(options?: { background?: boolean }): Promise<void>;
  maxCharsFor(feature: UsageFeature): number;
}

const PlanLimitsContext = createContext<PlanLimitsState | null>(null);

export function PlanLimitsProvider({ children }: { children: ReactNode }) {
  const { status: authStatus, session, guest } = useAuth();
  const [status, setStatus] = useState<PlanLimitsStatus>('idle');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [requests, setRequests] = useState<RequestsPayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRef(false);
  const signedIn = session !== null;

  const refresh = useCallback(
    async ({ background = false }: { background?: boolean } = {}) => {
      setStatus(loaded.current ? 'refreshing' : 'loading');
      try {
        const subscription = signedIn
          ? await getSubscription().then(
              (r) => r.subscription,
              () => null,
            )
          : null;
        const nextPlan = selectPlan(signedIn, subscription);
        const answer = await getRequests();
        setPlan(nextPlan);
        setRequests(answer.requests);
        setError(null);
        loaded.current = true;
        setStatus('ready');
      } catch (err) {
        const message = errorMessage(err, 'Unable to load plan limits.');
        setError(message);
        setStatus('error');
        if (!background) showToast({ type: 'error', title: 'Service Error', message });
      }
    },
    [signedIn],
  );

  // Refresh on user change and token change (spec §4); wait for the bootstrap to settle the sessions first.
  const token = session?.tokens.accessToken ?? guest?.token ?? null;
  const userKey = session?.user.email ?? null;
  useEffect(() => {
    if (authStatus !== 'ready' && authStatus !== 'error') return;
    void refresh({ background: true });
  }, [authStatus, userKey, token, refresh]);

  useEffect(() => {
    if (authStatus !== 'ready') return;
    const onFocus = () => void refresh({ background: true });
    const onVisibility = () => document.visibilityState === 'visible' && onFocus();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh({ background: true });
    }, USAGE_POLL_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(poll);
    };
  }, [authStatus, refresh]);

  const value = useMemo<PlanLimitsState>(
    () => ({
      status,
      plan,
      limits: plan
        ? { detectorMaxChars: plan.detectorMaxChars, humaniserMaxChars: plan.humaniserMaxChars }
        : DEFAULT_LIMITS,
      requests,
      error,
      refresh,
      maxCharsFor: (feature) =>
        plan
          ? maxChars(plan, feature)
          : feature === 'detector'
            ? DEFAULT_LIMITS.detectorMaxChars
            : DEFAULT_LIMITS.humaniserMaxChars,
    }),
    [status, plan, requests, error, refresh],
  );
  return <PlanLimitsContext.Provider value={value}>{children}</PlanLimitsContext.Provider>;
}

export function usePlanLimits(): PlanLimitsState {
  const value = useContext(PlanLimitsContext);
  if (!value) throw new Error('usePlanLimits outside PlanLimitsProvider');
  return value;
}
