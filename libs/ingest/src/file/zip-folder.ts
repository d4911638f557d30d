import { inflateRawSync } from 'node:zlib';
import { unreadable } from '../errors';
import { INGEST_LIMITS } from '../limits';
import type { ExtractOptions } from '../types';
import { runFolderJob } from '../worker/run';
import { entryDataOffset, inspectZip, isDocx } from './zip-guard';

/** One file of a zipped folder, as an upload of its own. */
export interface FolderFile {
  name: string;
  bytes: Uint8Array;
}

/** Whether an upload is a zip archive of files (a zip that is not a Word document). */
export function isZipFolder(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04)
    return false;
  const verdict = inspectZip(bytes);
  return !verdict.ok || !isDocx(verdict.entries);
}

/**
 * The files of a zipped folder (issue 29: a batch may come as one zip): judged by its directory first, as a DOCX is
 * (entry count, declared sizes, ratio; encryption and ZIP64 refused), then every entry inflated under its declared
 * size and the total under `zipInflatedBytes`. Folders, dot-files and macOS resource forks are left out; nested
 * zips are passed on as files (and refused as such). At most `maxFiles` are read.
 */
export function unzipFolder(bytes: Uint8Array, maxFiles: number): FolderFile[] {
  const verdict = inspectZip(bytes);
  if (!verdict.ok)
    throw verdict.problem === 'bomb'
      ? unreadable('zip-bomb', 'The zip expands to far more data than its size allows (zip bomb) and was refused.')
      : unreadable('docx-corrupt', 'The zip archive is damaged or uses a format we cannot read.', {
          detail: verdict.detail,
        });
  const entries = verdict.entries.filter((entry) => {
    const base = entry.name.split('/').pop() ?? '';
    return !entry.name.endsWith('/') && base !== '' && !base.startsWith('.') && !entry.name.startsWith('__MACOSX/');
  });
  let budget: number = INGEST_LIMITS.zipInflatedBytes;
  return entries.slice(0, maxFiles).map((entry) => {
    const start = entryDataOffset(bytes, entry);
    if (start < 0) throw unreadable('docx-corrupt', 'The zip archive is damaged or truncated.', { entry: entry.name });
    const data = bytes.subarray(start, start + entry.compressedSize);
    let inflated: Uint8Array;
    if (entry.method === 0) inflated = data;
    else {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(entry.uncompressedSize + 1, budget)) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw unreadable(
            'zip-bomb',
            'The zip expands to far more data than its size allows (zip bomb) and was refused.',
          );
        throw unreadable('docx-corrupt', 'The zip archive is damaged or truncated.', { entry: entry.name });
      }
    }
    if (inflated.length !== entry.uncompressedSize)
      throw unreadable('zip-bomb', 'The zip expands to far more data than its size allows (zip bomb) and was refused.');
    budget -= inflated.length;
    return { name: entry.name.split('/').pop()!, bytes: new Uint8Array(inflated) };
  });
}

/**
 * A batch's one upload as a zipped folder, read in an extraction thread (the pool that reads PDFs, DOCX and images)
 * so a large or hostile zip never holds the event loop: its files (the limits of `unzipFolder`), or null when it is
 * not a zip of files (not a zip at all, or a Word document). Time-limited like an extraction.
 */
export async function readZipFolder(
  bytes: Uint8Array,
  maxFiles: number,
  options: ExtractOptions = {},
): Promise<FolderFile[] | null> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return null;
  return (await runFolderJob({ kind: 'zip-folder', bytes, maxFiles }, options)).files;
}
