import { PollingLoop } from './polling-loop';

/** Runs a loop whose steps report progress as `script` says (then none), recording when each step started. */
async function run(script: boolean[], intervalMs: number, settleMs: number, during?: (loop: PollingLoop) => void) {
  const started: number[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const loop = new PollingLoop(
    async () => {
      started.push(performance.now());
      if (started.length > script.length) done();
      return script[started.length - 1] ?? false;
    },
    intervalMs,
    settleMs,
  );
  loop.start();
  during?.(loop);
  await finished;
  await loop.stop();
  return started.slice(1).map((t, i) => t - started[i]);
}

describe('PollingLoop', () => {
  it('runs again at once after progress, and waits the interval after none', async () => {
    const gaps = await run([true, true, false], 400, 0);
    expect(gaps[0]).toBeLessThan(200);
    expect(gaps[1]).toBeLessThan(200);
    expect(gaps[2]).toBeGreaterThanOrEqual(395);
  });

  it('settles between steps that made progress, so that each finds more', async () => {
    const gaps = await run([true, true, false], 10, 400);
    expect(gaps[0]).toBeGreaterThanOrEqual(395);
    expect(gaps[1]).toBeGreaterThanOrEqual(395);
    expect(gaps[2]).toBeLessThan(200);
  });

  it('wake() cuts the settling short', async () => {
    const gaps = await run([true, false], 10, 60_000, (loop) => {
      const timer = setInterval(() => loop.wake(), 20);
      setTimeout(() => clearInterval(timer), 5_000);
    });
    expect(gaps[0]).toBeLessThan(5_000);
  });
});
