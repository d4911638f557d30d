/** Carousel rules of spec §2 / §9, pure so they are unit-tested. */
export const PRICING_AUTO_ADVANCE_MS = 4500;
export const TESTIMONIAL_AUTO_ADVANCE_MS = 6000;
/** Pricing: a swipe over 15% of the carousel width changes slide. */
export const PRICING_SWIPE_RATIO = 0.15;
/** Testimonials: a swipe over 42 px changes slide. */
export const TESTIMONIAL_SWIPE_PX = 42;

/** 1 slide up to 640 px, 2 up to 1024 px, otherwise 3. */
export function slidesPerView(width: number): 1 | 2 | 3 {
  if (width <= 640) return 1;
  if (width <= 1024) return 2;
  return 3;
}

/** Positions the track can stop at: the first slide of each full window. */
export function maxIndex(count: number, perView: number): number {
  return Math.max(0, count - perView);
}

/** Next position, looping back to the start after the last window (and to the end before the first). */
export function step(index: number, delta: number, count: number, perView: number): number {
  const last = maxIndex(count, perView);
  const next = index + delta;
  if (next > last) return 0;
  if (next < 0) return last;
  return next;
}

/** -1 (previous), +1 (next) or 0 for a drag of `dx` px; the drag must exceed the threshold. */
export function swipeDirection(dx: number, thresholdPx: number): -1 | 0 | 1 {
  if (dx < -thresholdPx) return 1;
  if (dx > thresholdPx) return -1;
  return 0;
}

export const pricingSwipeThreshold = (width: number) => width * PRICING_SWIPE_RATIO;
export const testimonialSwipeThreshold = () => TESTIMONIAL_SWIPE_PX;
