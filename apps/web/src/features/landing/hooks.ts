import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activeSection } from '../../components/layout/section-store';
import { SECTIONS, type SectionId } from '../../config/paths';

/** Scroll to the section another page asked for (`scrollTo` state) or the URL hash. */
export function useScrollToRequestedSection(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const requested = (location.state as { scrollTo?: SectionId } | null)?.scrollTo ?? location.hash.slice(1);
    if (!requested) return;
    const element = document.getElementById(requested);
    if (!element) return;
    requestAnimationFrame(() => element.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    if (location.state) navigate(`${location.pathname}${location.hash}`, { replace: true, state: null });
  }, [location, navigate]);
}

/** Tracks which section is in view, for the top bar highlight. */
export function useActiveSectionTracking(): void {
  useEffect(() => {
    const elements = SECTIONS.map((s) => document.getElementById(s.id)).filter((e): e is HTMLElement => e !== null);
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.intersectionRatio : 0);
        let best: string | null = null;
        let ratio = 0;
        for (const s of SECTIONS) {
          const r = visible.get(s.id) ?? 0;
          if (r > ratio) {
            ratio = r;
            best = s.id;
          }
        }
        if (best) activeSection.set(best as SectionId);
      },
      { threshold: [0, 0.2, 0.4, 0.6], rootMargin: '-72px 0px -35% 0px' },
    );
    elements.forEach((e) => observer.observe(e));
    return () => {
      observer.disconnect();
      activeSection.set(null);
    };
  }, []);
}
