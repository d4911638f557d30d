/** Every route of the web app (product spec §2) in one place, so links and the router agree. */
export const paths = {
  home: '/',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  signup: '/signup',
  signin: '/signin',
  apiDocs: '/api/docs',
  admin: '/admin',
} as const;
