import type { PlanSlug } from '@inkprint/contracts/policies';

/**
 * Build-time configuration (Vite `VITE_*` variables), read once. The checkout links are https pages on the plans
 * subdomain of the product host, the only 'continue' targets the sign-up and sign-in pages accept (spec §5). With
 * no `VITE_CHECKOUT_URL` (a self-hosted install has no checkout) there is no checkout link: paid plans offer
 * 'Contact sales' and upgrade actions lead to the plans on `/`.
 */
const vars = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const env = {
  /** API origin; empty = the same origin that served the app. */
  apiBase: (vars.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  productHost: vars.VITE_PRODUCT_HOST ?? 'inkprint.app',
  /** `{slug}` is replaced by the plan slug; unset or empty: no checkout. */
  checkoutUrlTemplate: vars.VITE_CHECKOUT_URL?.trim() || null,
} as const;

/** The checkout of a paid plan, or null when this install has none configured. */
export function checkoutUrl(slug: PlanSlug, template: string | null = env.checkoutUrlTemplate): string | null {
  return template ? template.replace('{slug}', encodeURIComponent(slug)) : null;
}

/** The info contact the contact form addresses (spec §2 /contact). */
export const CONTACTS = {
  info: 'info@inkprint.app',
  sales: 'sales@inkprint.app',
  support: 'support@inkprint.app',
  billing: 'billing@inkprint.app',
  legal: 'legal@inkprint.app',
  press: 'press@inkprint.app',
  alternate: 'hello@inkprint.app',
  system: 'no-reply@inkprint.app',
} as const;
