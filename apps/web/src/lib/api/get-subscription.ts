import type { SubscriptionResponse } from '@inkprint/contracts';
import { api } from '../api-client';

/** `GET /auth/subscription`: the plan a signed-in account pays for (null = default plan). */
export const getSubscription = () => api.request<SubscriptionResponse>('/auth/subscription');
