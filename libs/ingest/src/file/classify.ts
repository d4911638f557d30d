import { sizeExceeded, unreadable, unsupportedType } from '../errors';
import { INGEST_LIMITS } from '../limits';
import type { DocumentKind } from '../types';
import type { ExtractJob } from '../worker/extract-job';
import { checkPixels, readJpegHeader, readPngHeader } from './image-guard';
import { sniffType } from './sniff';
import { inspectZip, isDocx } from './zip-guard';

export interface Classified {
  job: ExtractJob;
  kind: DocumentKind;
  warnings: string[];
}

/**
 * Decides what bytes are by their content (magic bytes), never by their name, and runs the cheap structural checks
 * (size by kind, zip directory, image dimensions) on the calling thread before any parser sees them.
 * `textAs` says how text is read: a plain-text upload, or HTML when a server says so.
 */
export function classifyBytes(bytes: Uint8Array, via: 'upload' | 'url', textAs: 'txt' | 'html' = 'txt'): Classified {
  const sniffed = sniffType(bytes);
  switch (sniffed.kind) {
    case 'pdf':
      return { kind: 'pdf', job: { kind: 'pdf', bytes }, warnings: [] };
    case 'zip': {
      const verdict = inspectZip(bytes);
      if (!verdict.ok) {
        if (verdict.problem === 'bomb') {
          throw unreadable(
            'zip-bomb',
            'The DOCX expands to far more data than its size allows (zip bomb) and was refused.',
            {
              detail: verdict.detail,
            },
          );
        }
        throw unreadable('docx-corrupt', 'The DOCX is corrupt or truncated.', { detail: verdict.detail });
      }
      if (!isDocx(verdict.entries)) throw unsupportedType({ detected: 'zip archive (not a Word document)' });
      return { kind: 'docx', job: { kind: 'docx', bytes }, warnings: [] };
    }
    case 'png':
    case 'jpeg': {
      if (bytes.length > INGEST_LIMITS.imageBytes) throw sizeExceeded(via, 'image');
      const header = sniffed.kind === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
      if (!header.ok)
        throw unreadable('image-corrupt', 'The image is corrupt or truncated.', { detail: header.detail });
      const pixels = checkPixels(header);
      if (!pixels.ok) {
        throw unreadable(
          'decompression-bomb',
          'The image declares dimensions too large to decode safely (decompression bomb) and was refused.',
          { detail: pixels.detail, width: header.width, height: header.height },
        );
      }
      return { kind: 'image', job: { kind: 'image', bytes }, warnings: [] };
    }
    case 'text':
      return { kind: textAs, job: { kind: textAs, bytes, encoding: sniffed.encoding }, warnings: [] };
    case 'executable':
      throw unreadable('executable', 'The file is an executable program, not a document, and was refused.', {
        detected: sniffed.format,
      });
    case 'other':
      throw unsupportedType({ detected: sniffed.format });
  }
}
