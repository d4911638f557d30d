import type { MeResponse } from '@inkprint/contracts';
import { api } from '../api-client';

/** `GET /auth/me`: validates the stored session (spec §4 auth bootstrap). */
export const getMe = () => api.request<MeResponse>('/auth/me');
