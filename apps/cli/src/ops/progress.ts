import type { Writable } from 'node:stream';

/**
 * Progress of an operations command: a bar redrawn in place on a terminal (at most 10 times a second), plain lines
 * otherwise (the first step, then one at each tenth of the way: a log file gets at most eleven).
 */
export class OpsProgress {
  private lastDraw = 0;
  private lastTenth = -1;

  constructor(
    private readonly out: Writable & { isTTY?: boolean },
    private readonly label: string,
    private readonly unit: string,
  ) {}

  update(done: number, total: number): void {
    if (total <= 0) return;
    if (this.out.isTTY === true) {
      const now = Date.now();
      if (done < total && now - this.lastDraw < 100) return;
      this.lastDraw = now;
      const width = 24;
      const filled = Math.round((width * Math.min(done, total)) / total);
      this.out.write(
        `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${this.unit}  `,
      );
      if (done >= total) this.out.write('\n');
      return;
    }
    const tenth = Math.floor((10 * Math.min(done, total)) / total);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.out.write(`${this.label}: ${done}/${total} ${this.unit}\n`);
  }
}

/** `0.4 s` from a start time (Date.now()). */
export function elapsed(startedMs: number): string {
  return `${((Date.now() - startedMs) / 1000).toFixed(1)} s`;
}

/** `12 texts`, `1 report`: a count and its noun. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
