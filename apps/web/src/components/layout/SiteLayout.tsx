import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** The shell of every public page: top bar, the routed page, footer. */
export function SiteLayout() {
  const { pathname, state, hash } = useLocation();
  const wantsSection = Boolean((state as { scrollTo?: string } | null)?.scrollTo || hash);
  const wantsSectionRef = useRef(wantsSection);
  // Effects run in order: this one updates the ref before the next reads it.
  useEffect(() => {
    wantsSectionRef.current = wantsSection;
  });
  // A new page starts at the top, unless it was asked to scroll to a section.
  useEffect(() => {
    if (!wantsSectionRef.current) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
