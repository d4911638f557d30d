import { InviteResponse } from '@inkprint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /admin/invites/lookup` (public: the invite screen calls it signed out): the invited address, so that sign-in
 * and sign-up started from an admin invite are filled with it.
 */
export const lookupInvite = (token: string) =>
  api.request('/admin/invites/lookup', { schema: InviteResponse, method: 'POST', body: { token }, retries: 0 });

export const inviteLookupQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['invite-lookup', token],
    queryFn: () => lookupInvite(token ?? ''),
    enabled: !!token,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const useInviteLookup = (token: string | null) => useQuery(inviteLookupQueryOptions(token));
