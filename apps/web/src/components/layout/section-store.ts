import type { SectionId } from '../../config/paths';
import { createStore } from '../../lib/store';

/** The landing section in view, highlighted in the top bar (null off the landing page). */
export const activeSection = createStore<SectionId | null>(null);
