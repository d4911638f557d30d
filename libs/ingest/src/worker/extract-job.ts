import { noTextFound, unreadable } from '../errors';
import { decodeText } from '../file/sniff';
import { isZipFolder, unzipFolder, type FolderFile } from '../file/zip-folder';
import { INGEST_LIMITS } from '../limits';
import { normaliseText } from '../text';
import { extractDocx } from './docx';
import type { Extracted } from './extracted';
import { extractHtml } from './html';
import { extractImage } from './ocr';
import { extractPdf } from './pdf';

export interface ExtractJob {
  kind: 'txt' | 'pdf' | 'docx' | 'image' | 'html';
  bytes: Uint8Array;
  encoding?: 'utf-8' | 'utf-16le' | 'utf-16be';
}

/** A zipped folder to unpack (a batch's one zip): its files, or null when the zip is a Word document. */
export interface FolderJob {
  kind: 'zip-folder';
  bytes: Uint8Array;
  maxFiles: number;
}
export interface UnpackedFolder {
  files: FolderFile[] | null;
}

/** Runs in an extraction thread: bytes in (type and limits already checked), readable text (or a folder's files) out. */
export async function handleJob(job: ExtractJob | FolderJob): Promise<Extracted | UnpackedFolder> {
  if (job.kind === 'zip-folder') return { files: isZipFolder(job.bytes) ? unzipFolder(job.bytes, job.maxFiles) : null };
  const result = await extract(job);
  if (result.text.length > INGEST_LIMITS.textChars) {
    result.text = result.text.slice(0, INGEST_LIMITS.textChars);
    result.warnings.push(`The text was cut to its first ${INGEST_LIMITS.textChars} characters.`);
  }
  return result;
}

async function extract(job: ExtractJob): Promise<Extracted> {
  switch (job.kind) {
    case 'pdf':
      return extractPdf(job.bytes);
    case 'docx':
      return extractDocx(job.bytes);
    case 'image':
      return extractImage(job.bytes);
    case 'html':
      return extractHtml(decode(job));
    case 'txt': {
      const text = normaliseText(decode(job));
      if (!text) throw noTextFound('The text file contains only whitespace.');
      return { text, warnings: [] };
    }
  }
}

function decode(job: ExtractJob): string {
  const text = decodeText(job.bytes, job.encoding ?? 'utf-8');
  if (text === undefined) throw unreadable('text-encoding', 'The text is not valid UTF-8 or UTF-16 text.');
  return text;
}
