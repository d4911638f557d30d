import { AdmissionControl, workOf } from './admission-control';

describe('AdmissionControl', () => {
  it('lets in its initial number until it has measured a full window, then what its capacity clears within the queue budget', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 2, initialInFlight: 100, queueSeconds: 1, now: () => now });
    // Nothing measured yet: the initial limit.
    const burst = Array.from({ length: 100 }, () => admission.admit());
    expect(burst.every(Boolean)).toBe(true);
    expect(admission.admit()).toBeNull();
    for (const release of burst) release!();
    // 3.1 s answering 10 a second: capacity 10, so 10 may wait at most 1 s.
    for (let i = 0; i < 31; i++) {
      now += 100;
      admission.admit()!();
    }
    const limit = admission.limit();
    expect(limit).toBeGreaterThanOrEqual(9); // 29 or 30 answers in the window, depending on where it falls
    expect(limit).toBeLessThanOrEqual(10);
    const places = Array.from({ length: limit }, () => admission.admit());
    expect(places.every(Boolean)).toBe(true);
    expect(admission.active).toBe(limit);
    expect(admission.admit()).toBeNull();
    // A place is given back once, however often its request ends (finish, then close).
    places[0]!();
    places[0]!();
    expect(admission.active).toBe(limit - 1);
    for (const release of places.slice(1)) release!();
  });

  it('follows a host that got slower: a window at the limit sets the capacity to what it answered, even none', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 3, initialInFlight: 3, queueSeconds: 1, now: () => now });
    for (let i = 0; i < 310; i++) {
      now += 10;
      admission.admit()!();
    }
    expect(admission.limit()).toBeGreaterThanOrEqual(96);
    // Now every request hangs: the limit fills, requests are shed, and the next window answers nothing.
    const stuck = Array.from({ length: admission.limit() }, () => admission.admit());
    expect(admission.admit()).toBeNull();
    now += 3_100;
    expect(admission.limit()).toBe(3);
    for (const release of stuck) release!();
  });

  it('drops to what it answers when the work gets dearer and the clients queue under the old limit', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 8, queueSeconds: 1, now: () => now });
    // Cheap work first (fast detections): ~100 answers a second, so ~100 may be in flight.
    for (let i = 0; i < 310; i++) {
      now += 10;
      admission.admit()!();
    }
    expect(admission.limit()).toBeGreaterThanOrEqual(96);
    // Then 50 clients, each sending its next request when answered, of work that takes the process 100 ms a piece
    // (the language-model modes): 50 never reach a limit of ~100, so without the waits the estimate would only
    // decay by 3% a window and every request would queue ~5 s.
    const queue = Array.from({ length: 50 }, () => admission.admit()!);
    let shed = 0;
    for (let i = 0; i < 70; i++) {
      now += 100;
      queue.shift()!();
      const place = admission.admit();
      if (place) queue.push(place);
      else shed++;
    }
    // Two full windows later the limit is what it answered, ~10 a second within the 1 s budget.
    expect(admission.limit()).toBeLessThanOrEqual(11);
    expect(admission.limit()).toBeGreaterThanOrEqual(8);
    // From then on the new requests beyond it are shed (503, Retry-After) and the queue drains to the limit.
    expect(shed).toBeGreaterThan(0);
    expect(admission.active).toBe(queue.length);
    expect(queue.length).toBeLessThan(50);
    for (const release of queue) release();
  });

  it('keeps one estimate per kind of work: a limit measured on fast detections does not let in 50 moderate ones', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 8, queueSeconds: 1, now: () => now });
    const fast = workOf('/ai/detect', { mode: 'fast' });
    const moderate = workOf('/ai/detect', { mode: 'moderate' });
    for (let i = 0; i < 310; i++) {
      now += 10;
      admission.admit(fast)!();
    }
    expect(admission.limit(fast)).toBeGreaterThanOrEqual(96);
    // Moderate work has not been measured: it starts at the minimum, whatever fast work showed.
    expect(admission.limit(moderate)).toBe(8);
    const places = Array.from({ length: 50 }, () => admission.admit(moderate));
    expect(places.filter(Boolean)).toHaveLength(8);
    // Fast requests are still let in up to their own limit meanwhile.
    expect(admission.admit(fast)).not.toBeNull();
    expect(admission.active).toBe(9);
    expect(admission.workSeen().sort()).toEqual(['/ai/detect?mode=fast', '/ai/detect?mode=moderate']);
    // Moderate answering ~10 a second while at its limit: its own limit follows, fast's is untouched.
    const queue = places.filter(Boolean) as Array<() => void>;
    for (let i = 0; i < 35; i++) {
      now += 100;
      queue.shift()!();
      const place = admission.admit(moderate);
      if (place) queue.push(place);
    }
    expect(admission.limit(moderate)).toBeGreaterThanOrEqual(8);
    expect(admission.limit(moderate)).toBeLessThanOrEqual(11);
    for (const release of queue) release();
  });

  it('names the work by route, and a detection by its mode (an unknown or missing mode is the default one)', () => {
    expect(workOf('/ai/detect', { mode: 'forensic' })).toBe('/ai/detect?mode=forensic');
    expect(workOf('/ai/detect', {})).toBe('/ai/detect?mode=moderate');
    expect(workOf('/ai/detect', { mode: 'x'.repeat(500) })).toBe('/ai/detect?mode=moderate');
    expect(workOf('/ai/detect', { mode: ['fast', 'strong'] })).toBe('/ai/detect?mode=moderate');
    expect(workOf('/ai/humanise', { mode: 'fast' })).toBe('/ai/humanise');
  });

  it('does not read long answers with few in flight as a queue (a humanisation, a forensic detection)', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 8, queueSeconds: 1, now: () => now });
    for (let i = 0; i < 310; i++) {
      now += 10;
      admission.admit()!();
    }
    const before = admission.limit();
    // Four clients whose requests take 3 s each, for 9 s: in flight never above the minimum.
    for (let round = 0; round < 3; round++) {
      const places = Array.from({ length: 4 }, () => admission.admit()!);
      now += 3_000;
      for (const release of places) release();
    }
    // Only the slow decay of a window below the limit, as for a quiet spell.
    expect(admission.limit()).toBeGreaterThan(before * 0.85);
  });

  it('keeps what it measured through a quiet spell, decaying slowly, and never goes under its minimum', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 4, queueSeconds: 1, now: () => now });
    for (let i = 0; i < 310; i++) {
      now += 10;
      admission.admit()!();
    }
    expect(admission.limit()).toBeGreaterThanOrEqual(96);
    // 30 s idle: ten windows at 0.97 each.
    for (let i = 0; i < 11; i++) {
      now += 3_000;
      admission.limit();
    }
    expect(admission.limit()).toBeGreaterThan(60);
    expect(admission.limit()).toBeLessThan(96);
    for (let i = 0; i < 400; i++) {
      now += 3_000;
      admission.limit();
    }
    expect(admission.limit()).toBe(4);
  });

  it('never goes above its maximum, and lets everything in when turned off', () => {
    let now = 1_000_000;
    const admission = new AdmissionControl({ minInFlight: 1, maxInFlight: 5, queueSeconds: 10, now: () => now });
    for (let i = 0; i < 400; i++) {
      now += 10;
      admission.admit()?.();
    }
    expect(admission.limit()).toBe(5);
    const off = new AdmissionControl({ enabled: false, minInFlight: 1, maxInFlight: 1 });
    expect([off.admit(), off.admit(), off.admit()].every(Boolean)).toBe(true);
  });
});
