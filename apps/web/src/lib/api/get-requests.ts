import { api } from '../api-client';
import { requestsSchema } from './account-schemas';

/** `GET /auth/requests`: today's requests per tool, for the signed-in user or the guest session. */
export const getRequests = () => api.request('/auth/requests', { schema: requestsSchema, guest: true });
