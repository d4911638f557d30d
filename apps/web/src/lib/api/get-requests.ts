import type { RequestsResponse } from '@inkprint/contracts';
import { api } from '../api-client';

/** `GET /auth/requests`: today's requests per tool, for the signed-in user or the guest session. */
export const getRequests = () => api.request<RequestsResponse>('/auth/requests', { guest: true });
