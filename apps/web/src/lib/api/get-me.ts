import { api } from '../api-client';
import { meSchema } from './account-schemas';

/** `GET /auth/me`: validates the stored session (spec §4 auth bootstrap). */
export const getMe = () => api.request('/auth/me', { schema: meSchema });
