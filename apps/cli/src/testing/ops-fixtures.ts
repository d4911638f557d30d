import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { accountDecider, accountStreamId } from '@inkprint/accounts-domain';
import { reportDecider, reportStreamId } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { createScratchDatabase } from '@inkprint/testing';
import { openInkprintData, type DataEnvironment, type InkprintData } from '../ops/runtime';

export type OpsBackend = { kind: 'pglite' } | { kind: 'postgres'; baseUrl: string };

/** The API's data for a test: a fresh PGlite folder, or a scratch PostgreSQL database; `dispose` removes it. */
export async function scratchData(
  backend: OpsBackend,
): Promise<{ env: DataEnvironment; open: () => Promise<InkprintData>; dispose: () => Promise<void> }> {
  if (backend.kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-cli-ops-'));
    const env = { DATA_DIR: path.join(dir, 'pglite') };
    return {
      env,
      open: () => openInkprintData(env),
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(backend.baseUrl, 'cli-ops');
  const env = { DATABASE_URL: scratch.url };
  return { env, open: () => openInkprintData(env), dispose: () => scratch.drop() };
}

const sha = (value: string) => createHash('sha256').update(value).digest('hex');

/** Registers an account through the domain decider, as the API's sign-up does. */
export async function registerAccount(store: EventStore, name: string, at = new Date().toISOString()): Promise<string> {
  const id = randomUUID();
  await handleCommand(
    store,
    accountStreamId(id),
    accountDecider,
    {
      type: 'RegisterAccount',
      data: {
        accountId: id,
        email: `${name.toLowerCase()}-${id.slice(0, 8)}@example.com`,
        name,
        passwordHash: `argon2-${sha(id)}`,
        codeHash: sha(`code-${id}`),
        codeExpiresAt: new Date(Date.parse(at) + 600_000).toISOString(),
        at,
      },
    },
    { metadata: { actor: { type: 'system', id: 'signup' }, correlationId: randomUUID() } },
  );
  return id;
}

/** Shares a report (the event; its body goes in the vault separately). */
export async function shareReport(store: EventStore, createdAt: Date, expiresAt: Date): Promise<string> {
  const reportId = randomUUID();
  await handleCommand(
    store,
    reportStreamId(reportId),
    reportDecider,
    {
      type: 'ShareReport',
      data: {
        reportId,
        sharedBy: null,
        contentHash: sha(reportId),
        bytes: 10,
        score: 0.5,
        mode: 'fast',
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
    },
    { metadata: { actor: { type: 'system', id: 'test' } } },
  );
  return reportId;
}
