import { fileEmpty, sizeExceeded, unsupportedType } from '../errors';
import { INGEST_LIMITS } from '../limits';
import type { DocumentKind, ExtractedDocument, ExtractOptions } from '../types';
import { runExtraction } from '../worker/run';
import { classifyBytes } from './classify';

const ACCEPTED_EXTENSIONS: Record<string, DocumentKind> = {
  txt: 'txt',
  pdf: 'pdf',
  docx: 'docx',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
};

/**
 * Extracts readable text from an uploaded file. The name must carry an accepted extension, but the content decides
 * how the file is read: a PDF named .txt is read as a PDF (with a warning), an executable named .pdf is refused.
 */
export async function extractFile(
  file: { bytes: Uint8Array; name: string },
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const { bytes, name } = file;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const named = ACCEPTED_EXTENSIONS[extension];
  if (!named) throw unsupportedType({ extension: extension || null });
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > INGEST_LIMITS.documentBytes)
    throw sizeExceeded('upload', named === 'image' ? 'image' : 'document');
  if (named === 'image' && bytes.length > INGEST_LIMITS.imageBytes) throw sizeExceeded('upload', 'image');
  const classified = classifyBytes(bytes, 'upload');
  const warnings = [...classified.warnings];
  if (classified.kind !== named) {
    warnings.push(
      `The file is named .${extension} but its content is ${describe(classified.kind)}; it was read as such.`,
    );
  }
  const extracted = await runExtraction(classified.job, options);
  return {
    text: extracted.text,
    source: {
      name,
      kind: classified.kind,
      bytes: bytes.length,
      ...(extracted.pages ? { pages: extracted.pages } : {}),
    },
    warnings: [...warnings, ...extracted.warnings],
  };
}

export function describe(kind: DocumentKind): string {
  return { txt: 'plain text', pdf: 'a PDF', docx: 'a Word document', image: 'an image', html: 'an HTML page' }[kind];
}
