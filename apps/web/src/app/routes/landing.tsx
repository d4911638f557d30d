import {
  ClosingCta,
  DemoSection,
  FeaturesGrid,
  Hero,
  TestimonialsSection,
} from '../../features/landing/components/LandingSections';
import { useActiveSectionTracking, useScrollToRequestedSection } from '../../features/landing/hooks';
import { PricingSection } from '../../features/pricing/components/PricingSection';

/** `/`: the landing sections of spec §1 in page order; pricing comes from its own feature. */
export default function LandingRoute() {
  useScrollToRequestedSection();
  useActiveSectionTracking();
  return (
    <>
      <Hero />
      <DemoSection />
      <FeaturesGrid />
      <TestimonialsSection />
      <PricingSection />
      <ClosingCta />
    </>
  );
}
