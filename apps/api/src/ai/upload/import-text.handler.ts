import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { toolRunDecider, toolRunStreamId } from '@inkprint/ai-domain';
import type { DetectionMode, UploadTextResponse } from '@inkprint/contracts';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { extractFile, importUrl, type ExtractedDocument, type UrlImportOptions } from '@inkprint/ingest';
import type { TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE } from '../../platform/tokens';
import { textHash } from '../shared/text-hash';
import { keepText, vaultKeys } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';
import { ToolUsers, type CallerCredentials } from '../shared/tool-users';

/** URL-import settings (TEST ONLY hosts and CA: the SSRF guard itself is always on). */
export const URL_IMPORT_OPTIONS = Symbol('URL_IMPORT_OPTIONS');

export type ImportSource = { file: { bytes: Uint8Array; name: string } } | { url: string };

export class ImportText extends Command<UploadTextResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly source: ImportSource,
    readonly action: 'detect' | 'humanise',
    readonly mode: DetectionMode | undefined,
  ) {
    super();
  }
}

/**
 * `POST /ai/upload-text`: a file (.txt/.pdf/.docx by content, images through OCR) or an https page becomes text, off
 * the request thread (libs/ingest worker threads, time-limited; URLs through the SSRF guard), clipped to the
 * caller's plan limit for the action. The text stays 48 h in the vault; `TextImported` keeps what it was.
 */
@CommandHandler(ImportText)
export class ImportTextHandler implements ICommandHandler<ImportText> {
  constructor(
    private readonly users: ToolUsers,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(URL_IMPORT_OPTIONS) private readonly urlOptions: UrlImportOptions,
  ) {}

  async execute({ caller: credentials, source, action, mode }: ImportText): Promise<UploadTextResponse> {
    const caller = await this.users.resolve(credentials);
    const document: ExtractedDocument =
      'file' in source ? await extractFile(source.file) : await importUrl(source.url, this.urlOptions);
    const limit = action === 'humanise' ? caller.plan.humaniserMaxChars : caller.plan.detectorMaxChars;
    const truncated = document.text.length > limit;
    const text = truncated ? document.text.slice(0, limit) : document.text;
    const at = this.clock.now().toISOString();
    const requestId = this.ids.uuid();
    const owner = caller.user;
    const hash = textHash(text);
    await keepText(this.vault, { key: vaultKeys.upload(owner, requestId), kind: 'upload', owner, text, at });
    await handleCommand(
      this.store,
      toolRunStreamId(requestId),
      toolRunDecider,
      {
        type: 'RecordImport',
        data: {
          requestId,
          user: owner,
          via: 'file' in source ? 'upload' : 'url',
          kind: document.source.kind,
          bytes: document.source.bytes,
          pages: document.source.pages ?? null,
          host: document.source.url ? new URL(document.source.url).hostname : null,
          textHash: hash,
          characters: document.text.length,
          truncated,
          at,
        },
      },
      { newStream: true, metadata: { actor: owner, correlationId: requestId } },
    );
    const { name, kind, bytes, pages, url } = document.source;
    return {
      text,
      truncated,
      originalLength: document.text.length,
      limit,
      action,
      mode: mode ?? null,
      source: { name, kind, bytes, ...(pages !== undefined ? { pages } : {}), ...(url ? { url } : {}) },
      warnings: truncated
        ? [...document.warnings, `The text was clipped to your plan's ${limit.toLocaleString('en-US')} characters.`]
        : document.warnings,
    };
  }
}
