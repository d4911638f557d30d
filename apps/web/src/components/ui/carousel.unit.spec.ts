import { pricingSwipeThreshold, slidesPerView, step, swipeDirection, testimonialSwipeThreshold } from './carousel';

describe('carousel rules (spec §2)', () => {
  it.each([
    [320, 1],
    [640, 1],
    [641, 2],
    [1024, 2],
    [1025, 3],
    [1920, 3],
  ])('%i px shows %i slides', (width, n) => expect(slidesPerView(width)).toBe(n));

  it('loops forward and backward over the positions', () => {
    expect(step(0, 1, 5, 3)).toBe(1);
    expect(step(2, 1, 5, 3)).toBe(0);
    expect(step(0, -1, 5, 3)).toBe(2);
    expect(step(6, 1, 7, 1)).toBe(0);
  });

  it('changes pricing slide only past 15% of the width', () => {
    const t = pricingSwipeThreshold(1000);
    expect(t).toBe(150);
    expect(swipeDirection(-150, t)).toBe(0);
    expect(swipeDirection(-151, t)).toBe(1);
    expect(swipeDirection(151, t)).toBe(-1);
  });

  it('changes testimonial only past 42 px', () => {
    const t = testimonialSwipeThreshold();
    expect(swipeDirection(42, t)).toBe(0);
    expect(swipeDirection(43, t)).toBe(-1);
    expect(swipeDirection(-43, t)).toBe(1);
  });
});
