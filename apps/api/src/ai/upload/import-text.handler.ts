import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ImportFacts } from '@inkprint/ai-domain';
import type { DetectionMode, UploadTextResponse } from '@inkprint/contracts';
import { extractFile, importUrl, type ExtractedDocument, type UrlImportOptions } from '@inkprint/ingest';
import { type TextVault, vaultKeys } from '@inkprint/text-vault';
import { AiToolRunner } from '../shared/run-ai-tool';
import { textHash } from '../shared/text-hash';
import { keepText } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';
import type { CallerCredentials } from '../../accounts';

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
 * `POST /ai/upload-text` through runAiTool (not counted: the detection or rewrite that follows is): a file
 * (.txt/.pdf/.docx by content, images through OCR) or an https page becomes text, off the request thread
 * (libs/ingest worker threads, time-limited; URLs through the SSRF guard), clipped to the caller's plan limit for the
 * action. The text stays 48 h in the vault; `TextImported` keeps what it was.
 */
@CommandHandler(ImportText)
export class ImportTextHandler implements ICommandHandler<ImportText> {
  constructor(
    private readonly runner: AiToolRunner,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(URL_IMPORT_OPTIONS) private readonly urlOptions: UrlImportOptions,
  ) {}

  execute({ caller, source, action, mode }: ImportText): Promise<UploadTextResponse> {
    return this.runner.runAiTool<Imported, ImportFacts, UploadTextResponse>(caller, {
      run: async ({ caller: { plan } }) => {
        const document =
          'file' in source ? await extractFile(source.file) : await importUrl(source.url, this.urlOptions);
        const limit = action === 'humanise' ? plan.humaniserMaxChars : plan.detectorMaxChars;
        const truncated = document.text.length > limit;
        return { document, limit, truncated, text: truncated ? document.text.slice(0, limit) : document.text };
      },
      record: async ({ document, text, truncated }, { caller: { user: owner }, requestId, at }) => {
        await keepText(this.vault, { key: vaultKeys.upload(owner, requestId), kind: 'upload', owner, text, at });
        const data: ImportFacts = {
          requestId,
          user: owner,
          via: 'file' in source ? 'upload' : 'url',
          kind: document.source.kind,
          bytes: document.source.bytes,
          pages: document.source.pages ?? null,
          host: document.source.url ? new URL(document.source.url).hostname : null,
          textHash: textHash(text),
          characters: document.text.length,
          truncated,
          at,
        };
        return { type: 'RecordImport', data };
      },
      answer: async ({ document, limit, text, truncated }) => {
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
      },
    });
  }
}

/** The document, clipped to the caller's plan limit for the action. */
interface Imported {
  document: ExtractedDocument;
  limit: number;
  truncated: boolean;
  text: string;
}
