import type { MessageResponse } from '@inkprint/contracts';
import { api } from '../api-client';

/** `POST /auth/logout`: ends the session server-side. */
export const logout = () => api.request<MessageResponse>('/auth/logout', { method: 'POST', retries: 0 });
