import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@inkprint/testing';

/** Repository root (this file sits at apps/api/test/load/support/). */
export const REPO = path.resolve(__dirname, '..', '..', '..', '..', '..');
export const ROOT = { email: 'load-root@example.com', password: 'L0ad-root-password!' };

/** Load sizes: the full run (docs/scaling.md) is LOAD_SECONDS=60; CI uses the modest defaults. */
export const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
/** Concurrent clients of the sustained-load cells (comma-separated). */
export const LOAD_CLIENTS = (process.env.LOAD_CLIENTS ?? '50,200').split(',').map(Number);

/** Fails early with the fix when the built apps are missing (the load tests run the production entry points). */
export function requireBuiltApps(): void {
  for (const file of ['apps/api/dist/main.js', 'apps/detector-worker/dist/main.js', 'apps/cli/dist/main.js'])
    if (!fs.existsSync(path.join(REPO, file)))
      throw new Error(`${file} is missing: run \`npx tsc -b tsconfig.build.json\` before \`npm run test:load\``);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  /** A worker's own GET /metrics (WORKER_METRICS_PORT); absent for the API. */
  metricsUrl?: string;
  log: () => string;
  /** SIGTERM and wait. */
  stop: () => Promise<void>;
  /** SIGKILL and wait: a crash, nothing runs after it. */
  kill: () => Promise<void>;
}

/** `keepChars`: how much of the end of the process's output `log()` keeps (the load tests' processes log for minutes). */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  command = process.execPath,
  keepChars = 20_000,
): Proc {
  const child = spawn(command, args, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-keepChars));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const signal = (sig: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(sig);
    await exited;
  };
  return { child, log: () => log, stop: signal('SIGTERM'), kill: signal('SIGKILL') };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A private Kafka broker (scripts/kafka.sh with KAFKA_BASE) for the tests that restart it: the shared broker on
 * 19092 serves other suites and must not go away under them.
 */
export class PrivateKafka {
  readonly base = path.join(REPO, '.services', 'kafka-load');
  constructor(readonly port = Number(process.env.LOAD_KAFKA_PORT ?? 19192)) {}
  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }
  /** scripts/kafka.sh <action> on the private broker (asynchronous: load keeps running meanwhile). */
  private run(action: 'start' | 'stop' | 'restart'): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['scripts/kafka.sh', action], {
        cwd: REPO,
        env: { ...process.env, KAFKA_BASE: this.base, KAFKA_PORT: String(this.port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`scripts/kafka.sh ${action} exited ${code}:\n${out}`));
      });
    });
  }
  /** Starts the broker on empty data (the previous run's topics are gone). */
  start = async () => {
    await this.run('stop');
    fs.rmSync(path.join(this.base, 'data'), { recursive: true, force: true });
    await this.run('start');
  };
  stop = () => this.run('stop');
  /** Stops the broker, then starts it again on the same data (resolves once it answers metadata requests). */
  restart = () => this.run('restart');
}

export interface ClusterOptions {
  postgresUrl: string;
  brokers: string;
  workers: number;
  /** Jobs each worker runs at once (WORKER_CONCURRENCY). Default 1. */
  workerConcurrency?: number;
  label: string;
  /** CPU list per worker for `taskset -c` (the scaling run pins workers); none: not pinned. */
  workerCpus?: (i: number) => string | undefined;
}

/**
 * The distributed mode as deployed: the built API (`node apps/api/dist/main.js`) on a fresh PostgreSQL database and
 * a fresh Kafka topic prefix, and separate detector-worker processes (`node apps/detector-worker/dist/main.js`).
 */
export class Cluster {
  api!: Proc;
  readonly workers: Proc[] = [];
  base = '';
  readonly prefix: string;
  private scratch!: ScratchDatabase;
  private readonly tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-load-'));

  constructor(readonly options: ClusterOptions) {
    this.prefix = `load-${options.label}-${randomUUID().slice(0, 8)}`;
  }

  get databaseUrl(): string {
    return this.scratch.url;
  }

  async start(): Promise<void> {
    this.scratch = await createScratchDatabase(this.options.postgresUrl, `load_${this.options.label}`);
    for (let i = 0; i < this.options.workers; i++) await this.startWorker();
    await this.startApi();
  }

  async startWorker(): Promise<Proc> {
    const i = this.workers.length;
    const cpus = this.options.workerCpus?.(i);
    const metricsPort = await freePort();
    const env = {
      KAFKA_BROKERS: this.options.brokers,
      KAFKA_TOPIC_PREFIX: this.prefix,
      WORKER_CONCURRENCY: String(this.options.workerConcurrency ?? 1),
      WORKER_METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    };
    const worker = cpus
      ? startTaskset(cpus, ['apps/detector-worker/dist/main.js'], env)
      : startProcess(['apps/detector-worker/dist/main.js'], env);
    worker.metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    this.workers.push(worker);
    return worker;
  }

  /** Detect jobs each worker has finished (every outcome), in worker order, read from their GET /metrics. */
  async jobsFinished(): Promise<number[]> {
    return Promise.all(
      this.workers.map(async (worker) =>
        (await (await fetch(worker.metricsUrl!)).text())
          .split('\n')
          .filter((line) => line.startsWith('inkprint_worker_jobs_total{') && line.includes('kind="detect"'))
          .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0),
      ),
    );
  }

  async startApi(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.api = startProcess(['apps/api/dist/main.js'], {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      // Load clients sign up and start guest sessions from one address by design.
      ABUSE_LIMITS: 'off',
      SUPER_ADMIN_EMAIL: ROOT.email,
      SUPER_ADMIN_PASSWORD: ROOT.password,
      DATABASE_URL: this.scratch.url,
      KAFKA_BROKERS: this.options.brokers,
      KAFKA_TOPIC_PREFIX: this.prefix,
      WORKER_MODE: 'external',
      DATA_DIR: path.join(this.tmp, 'unused'),
      PUBLIC_WEB_DIR: path.join(this.tmp, 'web'),
      ADMIN_WEB_DIR: path.join(this.tmp, 'admin'),
    });
    await waitUntil(
      `the API at ${this.base} to be healthy`,
      async () => {
        if (this.api.child.exitCode !== null) throw new Error(`API exited:\n${this.api.log()}`);
        return (await fetch(`${this.base}/health`)).status === 200;
      },
      180_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${this.api.log().slice(-3000)}`);
    });
  }

  /** The CLI (`node apps/cli/dist/main.js ...`) on this cluster's database. */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['apps/cli/dist/main.js', ...args], {
        cwd: REPO,
        env: { ...process.env, DATABASE_URL: this.scratch.url, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
  }

  async sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.scratch.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    await this.api?.stop().catch(() => undefined);
    await Promise.all(this.workers.map((w) => w.stop().catch(() => undefined)));
    await this.scratch?.drop().catch(() => undefined);
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** `taskset -c <cpus> node ...`: taskset execs node, so the pid (and SIGTERM/SIGKILL) is node's own. */
function startTaskset(cpus: string, args: string[], env: Record<string, string>): Proc {
  return startProcess(['-c', cpus, process.execPath, ...args], env, 'taskset');
}
