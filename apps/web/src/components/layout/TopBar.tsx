import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { paths, SECTIONS, type SectionId } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { usePlanLimits } from '../../lib/plan-limits';
import { remainingLabel } from '../../lib/plan-selection';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { Logo } from './Logo';
import { linkLayoutSx, linkStateSx, NARROW_BAR } from './top-bar-layout';
import { TopBarAccount } from './TopBarAccount';
import { goToSection } from './navigation';
import { activeSection } from './section-store';

/** Spec §2: the bar turns 'scrolled' after 36 px. */
export const SCROLLED_AFTER_PX = 36;
const MobileMenuDrawer = lazy(() => import('./MobileMenuDrawer'));
const NAV_SECTIONS = SECTIONS.filter((s) => s.id !== 'home');

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await signOut();
    } finally {
      setPending(false);
      if (pathname !== paths.home) navigate(paths.home);
    }
  };
  return { pending, run };
}

export function TopBar() {
  const { session, isAdmin } = useAuth();
  const { requests } = usePlanLimits();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const scrolled = useScrolled();
  const wide = useMediaQuery('(min-width:961px)');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  useEffect(() => {
    if (menuOpen) setMenuLoaded(true);
  }, [menuOpen]);
  const active = useSyncExternalStore(activeSection.subscribe, activeSection.get);
  const signOut = useSignOut();

  // Spec §2: the mobile menu closes above 960 px.
  useEffect(() => {
    if (wide) setMenuOpen(false);
  }, [wide]);

  const onSection = (id: SectionId) => (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    goToSection(id, pathname, navigate);
  };
  const onLanding = pathname === paths.home;
  const blogActive = pathname.startsWith(paths.blogs);

  const navLink = (id: SectionId, label: string, block = false) => {
    const current = onLanding && active === id;
    return (
      <Button
        key={id}
        href={id === 'home' ? '/' : `/#${id}`}
        onClick={onSection(id)}
        aria-current={current ? 'true' : undefined}
        color="inherit"
        fullWidth={block}
        sx={{ ...linkLayoutSx(block), ...linkStateSx(current) }}
      >
        {label}
      </Button>
    );
  };

  const blogLink = (block = false) => (
    <Button
      component={RouterLink}
      to={paths.blogs}
      onClick={() => setMenuOpen(false)}
      color="inherit"
      fullWidth={block}
      aria-current={blogActive ? 'page' : undefined}
      sx={{ ...linkLayoutSx(block), ...linkStateSx(blogActive) }}
    >
      Blog
    </Button>
  );
  const adminLink = (block = false) =>
    isAdmin ? (
      <Button
        href={paths.admin}
        color="inherit"
        fullWidth={block}
        sx={{ ...linkLayoutSx(block), color: 'text.secondary' }}
      >
        Admin
      </Button>
    ) : null;
  // A signed-in account's batch check and API keys (issue 29): their own pages, not landing sections.
  const batchLink = (block = false) =>
    session ? (
      <Button
        component={RouterLink}
        to={paths.batch}
        color="inherit"
        fullWidth={block}
        onClick={() => setMenuOpen(false)}
        sx={{ ...linkLayoutSx(block), color: 'text.secondary' }}
      >
        Batch
      </Button>
    ) : null;
  const apiKeysLink = (block = false) =>
    session ? (
      <Button
        component={RouterLink}
        to={paths.apiKeys}
        color="inherit"
        fullWidth={block}
        onClick={() => setMenuOpen(false)}
        sx={{ ...linkLayoutSx(block), color: 'text.secondary' }}
      >
        API keys
      </Button>
    ) : null;

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      className={scrolled ? 'scrolled' : undefined}
      data-scrolled={scrolled ? 'true' : 'false'}
      sx={{
        bgcolor: scrolled ? 'rgba(255,255,255,0.92)' : 'background.default',
        backdropFilter: scrolled ? 'saturate(180%) blur(10px)' : 'none',
        borderBottom: 1,
        borderColor: scrolled ? 'divider' : 'transparent',
        boxShadow: scrolled ? '0 6px 24px rgba(20,33,61,0.08)' : 'none',
        transition: 'box-shadow 200ms ease, background-color 200ms ease, border-color 200ms ease',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 64 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.25, ml: 3, [NARROW_BAR]: { ml: 1.5 } }}
          >
            {NAV_SECTIONS.map((s) => navLink(s.id, s.label))}
            {blogLink()}
            {batchLink()}
            {apiKeysLink()}
            {adminLink()}
          </Box>
          <Box sx={{ flex: 1 }} />
          {session ? (
            <TopBarAccount signOut={signOut} />
          ) : (
            <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
              <Button component={RouterLink} to={paths.signin} color="primary">
                Sign in
              </Button>
              <Button component={RouterLink} to={paths.signup} variant="contained">
                Sign up
              </Button>
            </Stack>
          )}
          <IconButton
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={menuOpen && !wide} onClose={() => setMenuOpen(false)}>
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
              <Logo />
              <IconButton aria-label="Close menu" onClick={() => setMenuOpen(false)}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <Box component="nav" aria-label="Mobile" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {SECTIONS.map((s) => navLink(s.id, s.label, true))}
              {blogLink(true)}
              {batchLink(true)}
              {apiKeysLink(true)}
              {adminLink(true)}
            </Box>
            <Divider sx={{ my: 2 }} />
            {session ? (
              <Stack spacing={1.25}>
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  Signed in as <strong>{session.user.email}</strong>
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.account}
                  variant="text"
                  onClick={() => setMenuOpen(false)}
                  sx={{ justifyContent: 'flex-start', px: 1.5 }}
                >
                  Your account
                </Button>
                {requests && (
                  <>
                    <Stack direction="row" justifyContent="space-between">
                      <Typography variant="body2" color="text.secondary">
                        Detections left today
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {remainingLabel(requests.detector)}
                      </Typography>
                    </Stack>
                    <Stack direction="row" justifyContent="space-between">
                      <Typography variant="body2" color="text.secondary">
                        Humanisations left today
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {remainingLabel(requests.humaniser)}
                      </Typography>
                    </Stack>
                  </>
                )}
                <Button
                  variant="outlined"
                  onClick={() => {
                    setMenuOpen(false);
                    void signOut.run();
                  }}
                  disabled={signOut.pending}
                >
                  {signOut.pending ? 'Signing out…' : 'Sign out'}
                </Button>
              </Stack>
            ) : (
              <Stack spacing={1}>
                <Button component={RouterLink} to={paths.signin} variant="outlined" onClick={() => setMenuOpen(false)}>
                  Sign in
                </Button>
                <Button component={RouterLink} to={paths.signup} variant="contained" onClick={() => setMenuOpen(false)}>
                  Create account
                </Button>
              </Stack>
            )}
          </MobileMenuDrawer>
        </Suspense>
      )}
    </AppBar>
  );
}
