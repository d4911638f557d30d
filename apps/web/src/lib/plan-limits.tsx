import type { RequestsPayload } from '@inkprint/contracts';
import { maxChars, type Plan, type UsageFeature } from '@inkprint/contracts/policies';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { getRequests } from './api/get-requests';
import { getSubscription } from './api/get-subscription';
import { useAuth } from './auth';
import { selectPlan } from './plan-selection';

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
  /** Fetch the plan and today's requests again now (after a run took quota). */
  refresh(): Promise<void>;
  maxCharsFor(feature: UsageFeature): number;
}

const PLAN_LIMITS_KEY = 'plan-limits';

/** The plan (a failed subscription call reads as no subscription, spec §4) and today's requests per tool. */
async function fetchPlanLimits(signedIn: boolean): Promise<{ plan: Plan; requests: RequestsPayload }> {
  const subscription = signedIn
    ? await getSubscription().then(
        (r) => r.subscription,
        () => null,
      )
    : null;
  const plan = selectPlan(signedIn, subscription);
  const answer = await getRequests();
  return { plan, requests: answer.requests };
}

const PlanLimitsContext = createContext<PlanLimitsState | null>(null);

/**
 * One `useQuery` for the whole app: keyed by the user and the token (spec §4: refresh on user or token change),
 * polled every 30 s while the tab is visible, refetched on focus and visibility (the query client's focus manager).
 */
export function PlanLimitsProvider({ children }: { children: ReactNode }) {
  const { status: authStatus, session, guest } = useAuth();
  const client = useQueryClient();
  const signedIn = session !== null;
  const token = session?.tokens.accessToken ?? guest?.token ?? null;
  const queryKey = useMemo(() => [PLAN_LIMITS_KEY, session?.user.email ?? null, token], [session, token]);
  const settled = authStatus === 'ready' || authStatus === 'error';
  const query = useQuery({
    queryKey,
    queryFn: () => fetchPlanLimits(signedIn),
    // Wait for the bootstrap to settle the sessions first; poll and refetch on focus once they are ready.
    enabled: settled,
    staleTime: 0,
    refetchInterval: authStatus === 'ready' ? USAGE_POLL_MS : false,
    refetchOnWindowFocus: authStatus === 'ready' ? 'always' : false,
    // A new user or token keeps the last plan and counts on screen until its own answer arrives.
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => client.refetchQueries({ queryKey, exact: true }), [client, queryKey]);

  const plan = query.data?.plan ?? null;
  const requests = query.data?.requests ?? null;
  const status: PlanLimitsStatus = query.isError
    ? 'error'
    : query.isFetching
      ? query.data
        ? 'refreshing'
        : 'loading'
      : query.data
        ? 'ready'
        : 'idle';
  const value = useMemo<PlanLimitsState>(
    () => ({
      status,
      plan,
      limits: plan
        ? { detectorMaxChars: plan.detectorMaxChars, humaniserMaxChars: plan.humaniserMaxChars }
        : DEFAULT_LIMITS,
      requests,
      refresh,
      maxCharsFor: (feature) =>
        plan
          ? maxChars(plan, feature)
          : feature === 'detector'
            ? DEFAULT_LIMITS.detectorMaxChars
            : DEFAULT_LIMITS.humaniserMaxChars,
    }),
    [status, plan, requests, refresh],
  );
  return <PlanLimitsContext.Provider value={value}>{children}</PlanLimitsContext.Provider>;
}

export function usePlanLimits(): PlanLimitsState {
  const value = useContext(PlanLimitsContext);
  if (!value) throw new Error('usePlanLimits outside PlanLimitsProvider');
  return value;
}
