import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useCallback, useState } from 'react';
import { DemoHeading } from '../../features/demo/components/DemoHeading';
import { openDemo, type DemoTab } from '../../features/demo/open-demo';
import type { ReportDraftInput } from '../../features/demo/components/DemoSection';
import { ClosingCta, FeaturesGrid, Hero, TestimonialsSection } from '../../features/landing/components/LandingSections';
import { useActiveSectionTracking, useScrollToRequestedSection } from '../../features/landing/hooks';
import { PricingSection } from '../../features/pricing/components/PricingSection';
import { useDocumentTitle } from '../../lib/document-title';

// The demo (forms, dialogs, result panels) is its own chunk so the landing page's first paint stays in budget; the
// report modal (with the PDF maker) loads only when a report is first previewed.
const DemoSection = lazy(() => import('../../features/demo/components/DemoSection'));
const ReportModal = lazy(() => import('../../features/reports/components/ReportModal'));

/** Roughly the tools' height while their chunk arrives, so scrolling to `#demo` lands where the tools will be. */
function DemoPlaceholder() {
  return <Box aria-busy="true" sx={{ minHeight: { xs: 1100, lg: 720 } }} />;
}

/** `/`: the landing sections of spec §1 in page order; the demo and pricing come from their own features. */
export default function LandingRoute() {
  useDocumentTitle();
  useScrollToRequestedSection();
  useActiveSectionTracking();
  const [draft, setDraft] = useState<ReportDraftInput | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const preview = useCallback((next: ReportDraftInput) => {
    setDraft(next);
    setReportOpen(true);
  }, []);
  const closeReport = useCallback(() => setReportOpen(false), []);
  // 'Try humanizer' opens the Humanizer tab: by event once the demo is on the page, by its first tab before that.
  const [initialDemoTab, setInitialDemoTab] = useState<DemoTab>('detector');
  const tryHumanizer = useCallback(() => {
    setInitialDemoTab('humanizer');
    openDemo('humanizer');
  }, []);
  return (
    <>
      <Hero onTryHumanizer={tryHumanizer} />
      <Box
        component="section"
        id="demo"
        aria-labelledby="demo-title"
        sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper' }}
      >
        <Container maxWidth="lg">
          <DemoHeading />
          <Suspense fallback={<DemoPlaceholder />}>
            <DemoSection onPreviewReport={preview} initialTab={initialDemoTab} />
          </Suspense>
        </Container>
      </Box>
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
