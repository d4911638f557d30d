import { api } from '../api-client';
import { messageSchema } from './account-schemas';

/** `POST /auth/logout`: ends the session server-side. */
export const logout = () => api.request('/auth/logout', { schema: messageSchema, method: 'POST', retries: 0 });
