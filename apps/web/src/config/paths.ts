/** Every route of the web app (product spec §2) in one place, so links and the router agree. */
export const paths = {
  home: '/',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  signup: '/signup',
  signin: '/signin',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  serverError: '/500',
  report: (id: string) => `/report/${encodeURIComponent(id)}`,
  account: '/account',
  apiKeys: '/account/api-keys',
  batch: '/batch',
  batchRun: (id: string) => `/batch/${encodeURIComponent(id)}`,
  apiDocs: '/api/docs',
  admin: '/admin',
} as const;

/** Scroll sections of the landing page (spec §2) with their navigation labels, in page order. */
export const SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'demo', label: 'Features' },
  { id: 'features', label: 'Highlights' },
  { id: 'testimonials', label: 'Stories' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** What other pages pass to `/` so the landing page scrolls to a section. */
export interface ScrollToState {
  scrollTo: SectionId;
}
