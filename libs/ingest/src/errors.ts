import { DomainError } from '@inkprint/domain-kernel';
import { INGEST_LIMITS } from './limits';

/** Catalogue codes this library answers with (the API maps DomainError to HTTP by status). */
export type IngestErrorCode =
  | 'REMOTE_SIZE_EXCEEDED'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'FILE_EMPTY'
  | 'FILE_UNREADABLE'
  | 'EXTRACTION_TIMEOUT'
  | 'URL_INVALID'
  | 'URL_NOT_ALLOWED'
  | 'FETCH_FAILED'
  | 'FETCH_TIMEOUT'
  | 'NO_TEXT_FOUND';

export const UNSUPPORTED_FILE_TYPE_MESSAGE = 'Upload a .txt, .pdf, .docx, .jpg, .jpeg or .png file.';

export function sizeExceeded(via: 'upload' | 'url', kind: 'document' | 'image'): DomainError {
  const max = kind === 'image' ? INGEST_LIMITS.imageBytes : INGEST_LIMITS.documentBytes;
  const message =
    via === 'upload' ? 'Selected file exceeds allowed size.' : 'Fetched document exceeds processing size.';
  return new DomainError('REMOTE_SIZE_EXCEEDED', message, 413, { max, kind });
}

export function unsupportedType(details: Record<string, unknown> = {}): DomainError {
  return new DomainError('UNSUPPORTED_FILE_TYPE', UNSUPPORTED_FILE_TYPE_MESSAGE, 415, details);
}

export function fileEmpty(): DomainError {
  return new DomainError('FILE_EMPTY', 'The file is empty.', 400);
}

export type UnreadableReason =
  | 'pdf-truncated'
  | 'pdf-corrupt'
  | 'pdf-encrypted'
  | 'docx-corrupt'
  | 'zip-bomb'
  | 'decompression-bomb'
  | 'image-corrupt'
  | 'executable'
  | 'text-encoding';

export function unreadable(reason: UnreadableReason, message: string, details: Record<string, unknown> = {}) {
  return new DomainError('FILE_UNREADABLE', message, 422, { reason, ...details });
}

export function extractionTimeout(timeoutMs: number): DomainError {
  return new DomainError('EXTRACTION_TIMEOUT', 'File processing exceeded time limit.', 504, { timeoutMs });
}

export function urlInvalid(message = 'Enter a valid URL, such as https://example.com/article.'): DomainError {
  return new DomainError('URL_INVALID', message, 400);
}

export function urlNotAllowed(message: string, reason: string): DomainError {
  return new DomainError('URL_NOT_ALLOWED', message, 400, { reason });
}

export function fetchFailed(reason: string, details: Record<string, unknown> = {}): DomainError {
  return new DomainError('FETCH_FAILED', 'Unable to fetch URL content.', 502, { reason, ...details });
}

export function fetchTimeout(timeoutMs: number): DomainError {
  return new DomainError('FETCH_TIMEOUT', 'Remote content retrieval timed out.', 504, { timeoutMs });
}

export function noTextFound(message = 'No readable text was found in the file.'): DomainError {
  return new DomainError('NO_TEXT_FOUND', message, 422);
}
