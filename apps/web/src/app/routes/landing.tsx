import Box from '@mui/material/Box';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ReportDraftInput } from '../../features/demo/components/DemoSection';
import { ClosingCta, FeaturesGrid, Hero, TestimonialsSection } from '../../features/landing/components/LandingSections';
import { useActiveSectionTracking, useScrollToRequestedSection } from '../../features/landing/hooks';
import { PricingSection } from '../../features/pricing/components/PricingSection';

// The demo (forms, dialogs, result panels) is its own chunk so the landing page's first paint stays in budget; the
// report modal (with the PDF maker) loads only when a report is first previewed.
const DemoSection = lazy(() => import('../../features/demo/components/DemoSection'));
const ReportModal = lazy(() => import('../../features/reports/components/ReportModal'));

/** Holds the `#demo` anchor (and roughly its height) while the demo's chunk arrives. */
function DemoPlaceholder() {
  return (
    <Box
      component="section"
      id="demo"
      aria-label="Demo"
      aria-busy="true"
      sx={{ minHeight: { xs: 1200, lg: 900 }, bgcolor: 'background.paper' }}
    />
  );
}

/** `/`: the landing sections of spec §1 in page order; the demo and pricing come from their own features. */
export default function LandingRoute() {
  useScrollToRequestedSection();
  useActiveSectionTracking();
  const [draft, setDraft] = useState<ReportDraftInput | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const preview = useCallback((next: ReportDraftInput) => {
    setDraft(next);
    setReportOpen(true);
  }, []);
  const closeReport = useCallback(() => setReportOpen(false), []);
  return (
    <>
      <Hero />
      <Suspense fallback={<DemoPlaceholder />}>
        <DemoSection onPreviewReport={preview} />
      </Suspense>
      <FeaturesGrid />
      <TestimonialsSection />
      <PricingSection />
      <ClosingCta />
      {draft && (
        <Suspense fallback={null}>
          <ReportModal open={reportOpen} onClose={closeReport} report={draft} />
        </Suspense>
      )}
    </>
  );
}
