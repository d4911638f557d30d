import { AdmissionControl } from './admission-control';

describe('AdmissionControl', () => {
  it('lets in the minimum at once, then as many as its answer rate clears within the queue budget', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 2, queueSeconds: 1, now: () => now });
    const first = admission.admit()!;
    const second = admission.admit()!;
    expect(admission.admit()).toBeNull();
    // A place is given back once, however often its request ends (finish, then close).
    first();
    first();
    expect(admission.active).toBe(1);
    second();
    // 30 answers over the last 3 s: 10 a second, so 10 may wait at most 1 s.
    for (let i = 0; i < 30; i++) {
      now += 100;
      admission.admit()?.();
    }
    expect(admission.rate()).toBeCloseTo(10, 0);
    expect(admission.limit()).toBe(10);
    const places = Array.from({ length: 10 }, () => admission.admit());
    expect(places.every(Boolean)).toBe(true);
    expect(admission.active).toBe(10);
    expect(admission.admit()).toBeNull();
    // After 3 quiet seconds the rate has gone: back to the minimum.
    now += 3_100;
    expect(admission.limit()).toBe(2);
  });

  it('never goes above its maximum', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 1, maxInFlight: 5, queueSeconds: 10, now: () => now });
    for (let i = 0; i < 100; i++) {
      now += 10;
      admission.admit()?.();
    }
    expect(admission.limit()).toBe(5);
  });
});
