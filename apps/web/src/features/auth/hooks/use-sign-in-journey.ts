import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { useAuth } from '../../../lib/auth';
import { needsFullLoad } from '../journey';
import { continueTarget } from '../rules';

/**
 * What sign-in and sign-up share: the page's query, its accepted `?continue=` target, `signIn`, and `goTo`, which
 * leaves for where the journey continues (a full page load for another app or the admin console, else the router).
 */
export function useSignInJourney() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const goTo = useCallback(
    (target: string) => {
      if (needsFullLoad(target)) window.location.assign(target);
      else navigate(target);
    },
    [navigate],
  );
  return { search, continueUrl: continueTarget(search, env.productHost), signIn, goTo };
}
