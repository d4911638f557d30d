import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_DETECTION_MODE, isDetectionMode, type ApiErrorBody } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';

/** The AI tools' routes: each takes a job on the bus and a request from the daily quota. */
export const AI_TOOL_ROUTES: readonly string[] = ['/ai/detect', '/ai/humanise', '/ai/upload-text', '/ai/batches'];

/**
 * The answer to a request shed under load: the spec's 503 (its web client retries a message that names 503, with
 * backoff), SERVICE_UNAVAILABLE, and Retry-After.
 */
export const SERVICE_BUSY_MESSAGE = 'The service is busy (503). Please try again.';

const serviceBusyBody = (retryAfterSeconds: number): ApiErrorBody => ({
  message: SERVICE_BUSY_MESSAGE,
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  details: { reason: 'overloaded', retryAfterSeconds },
});

const serviceBusy = (retryAfterSeconds: number) =>
  new DomainError('SERVICE_UNAVAILABLE', SERVICE_BUSY_MESSAGE, 503, serviceBusyBody(retryAfterSeconds).details);

/** Set by the middleware on a multipart AI request: takes its place once the upload is read (throws 503 when shed). */
export const ADMIT_AFTER_UPLOAD = Symbol('inkprint:admit-after-upload');
export type AdmissibleRequest = Request & { [ADMIT_AFTER_UPLOAD]?: () => void };

export interface AdmissionOptions {
  /** Off: every request is let in (the test rigs' default; the back-pressure tests turn it on). Default on. */
  enabled?: boolean;
  /** AI requests always let in at once, whatever the measured capacity (default 8). */
  minInFlight?: number;
  /** AI requests in flight never above this (default 1,024). */
  maxInFlight?: number;
  /**
   * The limit of a kind of work before a full window of it was measured (default: `minInFlight`): a cold process, or
   * work it has not done yet, starts here, then follows what it measures.
   */
  initialInFlight?: number;
  /**
   * The longest a newly admitted request should queue behind the ones in flight (default 1 s): a request is let in
   * while in flight < the process's measured capacity (answers per second) × this, so p95 stays under about 2 s.
   */
  queueSeconds?: number;
  /** Seconds a shed caller is told to wait (Retry-After; default 1). */
  retryAfterSeconds?: number;
  now?: () => number;
}

/** Answers per 100 ms over the last 3 s: the rate the process serves AI requests at. */
const BUCKET_MS = 100;
const BUCKETS = 30;
/** Per full window the capacity estimate keeps this share when the process answers less (an idle spell, a slower host). */
const CAPACITY_DECAY = 0.97;
/**
 * A window whose answers took on average more than this many times `queueSeconds` from admission to answer, with
 * more than `minInFlight` requests in flight at some point, was a queue, not demand: its answer rate is the capacity.
 */
const SLOW_FACTOR = 1.5;

/** One kind of work's estimate: its answers, its capacity and its in-flight count. */
class WorkWindow {
  private inFlight = 0;
  private readonly answered = new Array<number>(BUCKETS).fill(0);
  private bucketAt = 0;
  private firstAnswerAt: number | undefined;
  /** Answers per second the process can give (undefined until a full window was measured). */
  private capacity: number | undefined;
  /** Whether the limit was reached in the current window (then the answer rate is the capacity, not the demand). */
  private saturated = false;
  /** The current window's answers: their summed time from admission (ms), their count, and the most in flight. */
  private waitedMs = 0;
  private waitedCount = 0;
  private peakInFlight = 0;
  private windowEndsAt = 0;
  private readonly minInFlight: number;
  private readonly maxInFlight: number;
  private readonly initialInFlight: number;
  private readonly queueSeconds: number;
  private readonly now: () => number;

  constructor(options: AdmissionOptions) {
    this.minInFlight = options.minInFlight ?? 8;
    this.maxInFlight = Math.max(this.minInFlight, options.maxInFlight ?? 1_024);
    this.initialInFlight = Math.min(
      this.maxInFlight,
      Math.max(this.minInFlight, options.initialInFlight ?? this.minInFlight),
    );
    this.queueSeconds = options.queueSeconds ?? 1;
    this.now = options.now ?? Date.now;
  }

  /** AI requests admitted and not yet answered. */
  get active(): number {
    return this.inFlight;
  }

  /** Answers per second over the last 3 s. */
  rate(): number {
    this.roll();
    return this.answered.reduce((a, b) => a + b, 0) / ((BUCKETS * BUCKET_MS) / 1000);
  }

  /** How many requests of this work may be in flight now. */
  limit(): number {
    this.roll();
    if (this.capacity === undefined) return this.initialInFlight;
    return Math.min(this.maxInFlight, Math.max(this.minInFlight, Math.floor(this.capacity * this.queueSeconds)));
  }

  /** Takes a place, or null when the request must be shed; the returned function gives the place back (once). */
  admit(): (() => void) | null {
    if (this.inFlight >= this.limit()) {
      this.saturated = true;
      return null;
    }
    this.inFlight++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    const admittedAt = this.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      this.roll();
      const now = this.now();
      this.firstAnswerAt ??= now;
      this.answered[Math.floor(now / BUCKET_MS) % BUCKETS]++;
      this.waitedMs += now - admittedAt;
      this.waitedCount++;
    };
  }

  /** Clears the buckets the clock has moved past since the last look; at each full window, updates the capacity. */
  private roll(): void {
    const now = this.now();
    const bucket = Math.floor(now / BUCKET_MS);
    if (this.bucketAt === 0 || bucket - this.bucketAt >= BUCKETS) this.answered.fill(0);
    else for (let b = this.bucketAt + 1; b <= bucket; b++) this.answered[b % BUCKETS] = 0;
    this.bucketAt = bucket;
    if (this.firstAnswerAt === undefined || now < this.windowEndsAt) return;
    // A full window of answers behind us: its rate is what the process has shown it can do at least.
    if (now - this.firstAnswerAt >= BUCKETS * BUCKET_MS) {
      const measured = this.answered.reduce((a, b) => a + b, 0) / ((BUCKETS * BUCKET_MS) / 1000);
      const queued =
        this.peakInFlight > this.minInFlight &&
        this.waitedCount > 0 &&
        this.waitedMs / this.waitedCount > SLOW_FACTOR * this.queueSeconds * 1000;
      // At the limit (or queueing under it) the rate is what the process can do now; below it, only the demand.
      this.capacity = this.saturated || queued ? measured : Math.max(measured, (this.capacity ?? 0) * CAPACITY_DECAY);
    }
    this.saturated = false;
    this.waitedMs = 0;
    this.waitedCount = 0;
    this.peakInFlight = this.inFlight;
    this.windowEndsAt = now + BUCKETS * BUCKET_MS;
  }
}

/** Which kind of work a request is: the route, and for a detection its mode (each mode costs its own; ~50x apart). */
export function workOf(route: string, query: unknown): string {
  if (route !== '/ai/detect') return route;
  const mode = (query as { mode?: unknown } | undefined)?.mode;
  return `${route}?mode=${isDetectionMode(mode) ? mode : DEFAULT_DETECTION_MODE}`;
}

/**
 * Back-pressure for the AI routes (issue 28 item 3): a request beyond what the process can answer within
 * `queueSeconds` is refused at once with 503 SERVICE_UNAVAILABLE before anything is counted or queued (its body is
 * read first, with a deadline, so that a slow body holds no place: issue 39 item 1), instead
 * of joining a queue that grows every client's wait. Nothing of a shed request reaches the quota or the bus.
 *
 * Each kind of work (`workOf`: the route, and a detection's mode from its query) has its own estimate, since a
 * moderate detection costs the process ~50 fast ones: one estimate for all let a limit measured on fast work admit 50
 * moderate requests at once (p95 6 s). Work not measured yet starts at `initialInFlight` (by default the minimum, 8)
 * and grows with what it is seen to answer.
 *
 * Per kind of work, the capacity is the answer rate of the last full 3 s window in which the limit was reached (then the rate is what
 * the process can do, on a host that may have got busier); in a window below the limit the rate only says what was
 * asked, so the estimate keeps the higher of it and the previous one decayed by 3% (a burst after a quiet spell is
 * let in at what the process has shown it can do; what is shed retries after Retry-After). At the limit the queue
 * settles where in flight / answer rate = `queueSeconds`.
 *
 * A window below the limit whose answers waited too long counts as at the limit too: when the work changes (the
 * clients move from fast detections to the language-model modes, ~50 times dearer), the limit measured on the cheap
 * work would otherwise let a queue of the dear work grow without ever being reached (50 clients under a limit of 50
 * never fill it), and the estimate would only decay by 3% a window. The answers' mean time from admission, above
 * `SLOW_FACTOR` × `queueSeconds` while more than `minInFlight` were in flight, says the process is queueing; the
 * next window's limit is then what it answered. With no more than `minInFlight` in flight, long answers are the
 * work's own length (a humanisation, a forensic detection), not a queue, and change nothing.
 */
export class AdmissionControl {
  private readonly works = new Map<string, WorkWindow>();
  private readonly enabled: boolean;
  private readonly retryAfterSeconds: number;
  /** Called for each shed request (metrics). */
  onShed?: (route: string, work: string) => void;

  constructor(private readonly options: AdmissionOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 1;
  }

  /** AI requests admitted and not yet answered, all work together. */
  get active(): number {
    let n = 0;
    for (const w of this.works.values()) n += w.active;
    return n;
  }

  /** The kinds of work seen so far (a bounded set: the AI routes and the detection modes). */
  workSeen(): string[] {
    return [...this.works.keys()];
  }

  /** Answers of `work` per second over the last 3 s. */
  rate(work = ''): number {
    return this.window(work).rate();
  }

  /** How many requests of `work` may be in flight now. */
  limit(work = ''): number {
    if (!this.enabled) return Infinity;
    return this.window(work).limit();
  }

  /** Takes a place for a request of `work`, or null when it must be shed; the returned function gives it back (once). */
  admit(work = ''): (() => void) | null {
    if (!this.enabled) return () => {};
    return this.window(work).admit();
  }

  /**
   * Express middleware for POSTs to the AI tools' routes, placed AFTER the body parsers (issue 39 item 1): a request
   * takes a place only once its body has arrived, so a client trickling its body holds no place (it is cut off by
   * the body deadline instead, slow-requests.ts). A multipart upload is read later, by the route's file interceptor:
   * its place is taken by `AdmitAfterUpload` once the files are in. Other requests pass untouched.
   */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const route =
        req.method === 'POST' ? AI_TOOL_ROUTES.find((r) => req.path === r || req.path.startsWith(`${r}/`)) : undefined;
      if (!route) return next();
      const work = workOf(route, req.query);
      const take = () => {
        const release = this.admit(work);
        if (!release) {
          this.onShed?.(route, work);
          return false;
        }
        res.once('finish', release);
        res.once('close', release);
        return true;
      };
      if (req.is('multipart/form-data')) {
        (req as AdmissibleRequest)[ADMIT_AFTER_UPLOAD] = () => {
          if (!take()) throw serviceBusy(this.retryAfterSeconds);
        };
        return next();
      }
      if (!take()) {
        res
          .status(503)
          .set('Retry-After', String(this.retryAfterSeconds))
          .json(serviceBusyBody(this.retryAfterSeconds));
        return;
      }
      next();
    };
  }

  private window(work: string): WorkWindow {
    let w = this.works.get(work);
    if (!w) this.works.set(work, (w = new WorkWindow(this.options)));
    return w;
  }
}
