import { inflateRawSync } from 'node:zlib';
import * as mammoth from 'mammoth';
import { noTextFound, unreadable } from '../errors';
import { INGEST_LIMITS } from '../limits';
import { entryDataOffset, inspectZip, isDocx } from '../file/zip-guard';
import { normaliseText } from '../text';
import type { Extracted } from './extracted';

/**
 * Text of a Word document. Every entry is inflated first under a byte cap equal to its declared size (and the
 * total under `zipInflatedBytes`), so an entry that lies about its size cannot expand past the limit inside mammoth.
 */
export async function extractDocx(bytes: Uint8Array): Promise<Extracted> {
  const verdict = inspectZip(bytes);
  if (!verdict.ok) throw zipRefusal(verdict.problem, verdict.detail);
  if (!isDocx(verdict.entries)) throw unreadable('docx-corrupt', 'The file is a zip archive but not a Word document.');
  let budget: number = INGEST_LIMITS.zipInflatedBytes;
  for (const entry of verdict.entries) {
    const start = entryDataOffset(bytes, entry);
    if (start < 0) throw unreadable('docx-corrupt', 'The DOCX is corrupt or truncated.', { entry: entry.name });
    if (entry.method === 0) continue;
    let inflated: Buffer;
    try {
      const data = bytes.subarray(start, start + entry.compressedSize);
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(entry.uncompressedSize + 1, budget)) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw zipRefusal('bomb', `entry ${entry.name} inflates past its declared size`);
      }
      throw unreadable('docx-corrupt', 'The DOCX is corrupt or truncated.', { entry: entry.name });
    }
    if (inflated.length !== entry.uncompressedSize) {
      throw zipRefusal('bomb', `entry ${entry.name} inflates to ${inflated.length} bytes, not the declared size`);
    }
    budget -= inflated.length;
  }
  let raw: string;
  const warnings: string[] = [];
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
    raw = result.value;
  } catch {
    throw unreadable('docx-corrupt', 'The DOCX is corrupt and could not be read.');
  }
  const text = normaliseText(raw);
  if (!text) throw noTextFound('The Word document contains no text.');
  return { text, warnings };
}

function zipRefusal(problem: 'corrupt' | 'bomb' | 'unsupported', detail: string) {
  if (problem === 'bomb') {
    return unreadable(
      'zip-bomb',
      'The DOCX expands to far more data than its size allows (zip bomb) and was refused.',
      {
        detail,
      },
    );
  }
  if (problem === 'unsupported') {
    return unreadable('docx-corrupt', 'The DOCX uses zip features Word documents do not need and was refused.', {
      detail,
    });
  }
  return unreadable('docx-corrupt', 'The DOCX is corrupt or truncated.', { detail });
}
