/**
 * The contracts' schemas of the session-level calls, loaded on first use: these calls are in the initial bundle (the
 * auth bootstrap, plan limits, sign-out), which stays free of zod (docs/web.md, Bundle size).
 */
const contracts = () => import('@inkprint/contracts');

export const meSchema = () => contracts().then((c) => c.MeResponse);
export const requestsSchema = () => contracts().then((c) => c.RequestsResponse);
export const subscriptionSchema = () => contracts().then((c) => c.SubscriptionResponse);
export const messageSchema = () => contracts().then((c) => c.MessageResponse);
