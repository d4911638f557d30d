import { api } from '../api-client';
import { subscriptionSchema } from './account-schemas';

/** `GET /auth/subscription`: the plan a signed-in account pays for (null = default plan). */
export const getSubscription = () => api.request('/auth/subscription', { schema: subscriptionSchema });
