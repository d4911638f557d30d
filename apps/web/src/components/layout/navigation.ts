import type { NavigateFunction } from 'react-router';
import { paths, type SectionId } from '../../config/paths';

/** Scroll to a landing section; from another page, navigate to `/` with the scrollTo state (spec §2). */
export function goToSection(id: SectionId, pathname: string, navigate: NavigateFunction): void {
  if (pathname === paths.home) {
    const element = document.getElementById(id);
    if (element) {
      element.scrollIntoView({ behavior: 'smooth', block: 'start' });
      window.history.replaceState(window.history.state, '', id === 'home' ? '/' : `/#${id}`);
      return;
    }
  }
  navigate(paths.home, { state: { scrollTo: id } });
}
