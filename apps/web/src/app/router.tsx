import { createBrowserRouter, type RouteObject } from 'react-router';
import { SiteLayout } from '../components/layout/SiteLayout';
import { PageLoader } from '../components/ui/PageLoader';
import { RouteErrorScreen } from '../features/errors/components/RouteErrorScreen';

type PageModule = { default: React.ComponentType };
/** Route-level code splitting: each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<PageModule>) => () => load().then((m) => ({ Component: m.default }));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    // Shown while the first lazy route of a page load arrives.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, lazy: page(() => import('./routes/landing')) },
          { path: 'privacy', lazy: page(() => import('../features/legal/components/PrivacyPage')) },
          { path: 'terms', lazy: page(() => import('../features/legal/components/TermsPage')) },
          { path: 'security', lazy: page(() => import('../features/legal/components/SecurityPage')) },
          { path: 'contact', lazy: page(() => import('../features/contact/components/ContactPage')) },
          { path: 'blogs', lazy: page(() => import('../features/blog/components/BlogListPage')) },
          { path: 'blogs/:slug', lazy: page(() => import('../features/blog/components/BlogPostPage')) },
          { path: 'signup', lazy: page(() => import('../features/auth/components/SignupPage')) },
          { path: 'signin', lazy: page(() => import('../features/auth/components/SigninPage')) },
          { path: 'forgot-password', lazy: page(() => import('../features/auth/components/ForgotPasswordPage')) },
          { path: 'reset-password', lazy: page(() => import('../features/auth/components/ResetPasswordPage')) },
          { path: 'report/:id', lazy: page(() => import('../features/reports/components/ReportPage')) },
          { path: 'account', lazy: page(() => import('./routes/account')) },
          { path: 'account/api-keys', lazy: page(() => import('../features/api-keys/components/ApiKeysPage')) },
          { path: 'batch', lazy: page(() => import('./routes/batch')) },
          { path: 'batch/:id', lazy: page(() => import('./routes/batch')) },
        ],
      },
      { path: '500', lazy: page(() => import('../features/errors/components/ServerErrorPage')) },
      { path: '*', lazy: page(() => import('../features/errors/components/NotFoundPage')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
