import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  accountDecider,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamOf,
  OTP_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  sessionDecider,
  sessionStreamId,
} from '@inkprint/accounts-domain';
import {
  expiresAfter,
  REPORT_RETENTION_MS,
  reportDecider,
  reportStreamId,
  toolRunDecider,
  toolRunStreamId,
} from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { textEntry, type TextVault, vaultKeys } from '@inkprint/text-vault';
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

/** The RegisterAccount command the API's sign-up runs (the code expires after the API's OTP_TTL_MS). */
function registration(accountId: string, name: string, at: string) {
  return {
    type: 'RegisterAccount' as const,
    data: {
      accountId,
      email: `${name.toLowerCase()}-${accountId.slice(0, 8)}@example.com`,
      name,
      passwordHash: `argon2-${sha(accountId)}`,
      codeHash: sha(`code-${accountId}`),
      codeExpiresAt: new Date(Date.parse(at) + OTP_TTL_MS).toISOString(),
      at,
    },
  };
}

/** Registers an account through the domain decider, as the API's sign-up does. */
export async function registerAccount(store: EventStore, name: string, at = new Date().toISOString()): Promise<string> {
  const id = randomUUID();
  await handleCommand(store, accountStreamId(id), accountDecider, registration(id, name, at), {
    metadata: { actor: { type: 'system', id: 'signup' }, correlationId: randomUUID() },
  });
  return id;
}

/** Shares a report (the event; its body goes in the vault separately), anonymously or by `sharedBy`. */
export async function shareReport(
  store: EventStore,
  createdAt: Date,
  expiresAt: Date,
  sharedBy: { type: 'user'; id: string } | null = null,
): Promise<string> {
  const reportId = randomUUID();
  await handleCommand(
    store,
    reportStreamId(reportId),
    reportDecider,
    {
      type: 'ShareReport',
      data: {
        reportId,
        sharedBy,
        contentHash: sha(reportId),
        bytes: 10,
        score: 0.5,
        mode: 'fast',
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
    },
    { metadata: { actor: sharedBy ?? { type: 'system', id: 'test' } } },
  );
  return reportId;
}

export interface SignedUp {
  accountId: string;
  email: string;
  sessionId: string;
}

/**
 * An account as the API's sign-up leaves it: the address claimed, the account registered and verified, signed in
 * once (LoggedIn, a session). `superAdmin`: created as the start-up bootstrap does.
 */
export async function signUpAccount(
  store: EventStore,
  name: string,
  options: { superAdmin?: boolean; at?: string } = {},
): Promise<SignedUp> {
  const accountId = randomUUID();
  const sessionId = randomUUID();
  const at = options.at ?? new Date().toISOString();
  const register = registration(accountId, name, at);
  const { email, passwordHash } = register.data;
  const actor = { metadata: { actor: { type: 'user' as const, id: accountId } } };
  await handleCommand(store, emailClaimStreamOf(email), emailClaimDecider, {
    type: 'ClaimEmail',
    data: { accountId, at },
  });
  const run = (command: Parameters<typeof accountDecider.decide>[0]) =>
    handleCommand(store, accountStreamId(accountId), accountDecider, command, actor);
  if (options.superAdmin) {
    await run({ type: 'BootstrapSuperAdmin', data: { accountId, email, name, passwordHash, at } });
  } else {
    await run(register);
    await run({ type: 'VerifyEmail', data: { codeHash: register.data.codeHash, at } });
  }
  await run({ type: 'LogIn', data: { passwordMatches: true, sessionId, at } });
  await handleCommand(
    store,
    sessionStreamId(sessionId),
    sessionDecider,
    {
      type: 'StartSession',
      data: {
        sessionId,
        accountId,
        refreshTokenHash: sha(`refresh-${sessionId}`),
        expiresAt: new Date(Date.parse(at) + REFRESH_TOKEN_TTL_MS).toISOString(),
        at,
      },
    },
    actor,
  );
  return { accountId, email, sessionId };
}

/** A detection by an account as the API records it: DetectionRecorded, the text and the cached result in the vault. */
export async function recordDetection(store: EventStore, vault: TextVault, accountId: string): Promise<string> {
  const requestId = randomUUID();
  const user = { type: 'user' as const, id: accountId };
  const at = new Date();
  const textHash = sha(`text-${requestId}`);
  // The same keys and entries the API writes (libs/text-vault vault-keys.ts); the cached result of a fast detection.
  const kept = textEntry({
    key: vaultKeys.text(user, textHash),
    kind: 'text',
    owner: user,
    text: 'Some text.',
    at: at.toISOString(),
  });
  await vault.put(kept, {
    key: vaultKeys.detection(textHash, 'fast', 'v1'),
    kind: 'detection',
    owner: user,
    body: { score: 0.8 },
    createdAt: kept.createdAt,
    expiresAt: kept.expiresAt,
  });
  await handleCommand(
    store,
    toolRunStreamId(requestId),
    toolRunDecider,
    {
      type: 'RecordDetection',
      data: {
        requestId,
        user,
        plan: 'free-signup',
        textHash,
        characters: 10,
        words: 2,
        engine: 'heuristic',
        modelVersion: null,
        durationMs: 5,
        cached: false,
        clientTrim: false,
        source: 'paste',
        score: 0.8,
        aiProbability: 80,
        confidence: 70,
        mode: 'fast',
        modeLabel: 'Fast',
        at: at.toISOString(),
      },
    },
    { metadata: { actor: user, correlationId: requestId } },
  );
  return requestId;
}

/** A report shared by an account, as the API saves it: the body in the vault (owned by the account), ReportShared. */
export async function shareAccountReport(store: EventStore, vault: TextVault, accountId: string): Promise<string> {
  const sharedBy = { type: 'user' as const, id: accountId };
  const createdAt = new Date();
  const expiresAt = new Date(expiresAfter(createdAt.toISOString(), REPORT_RETENTION_MS));
  const reportId = await shareReport(store, createdAt, expiresAt, sharedBy);
  await vault.put({
    key: vaultKeys.report(reportId),
    kind: 'report',
    owner: sharedBy,
    body: { score: 0.5 },
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return reportId;
}
