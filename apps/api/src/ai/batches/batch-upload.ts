import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { BATCH_MAX_BYTES } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { INGEST_LIMITS } from '@inkprint/ingest';

/** One file of a batch as multer hands it on: `size` is what arrived, `buffer` at most the limit and a byte. */
export interface BatchUploadPart {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/** A file over the upload limit: only its first bytes were kept, enough for ImportText to refuse it by its size. */
export const overLimit = (part: BatchUploadPart) => part.size > INGEST_LIMITS.documentBytes;

/** multer's storage engine contract (multer ships no types). */
interface StorageEngine {
  _handleFile(
    req: Request,
    file: { stream: Readable },
    callback: (error: Error | null, info?: Pick<BatchUploadPart, 'buffer' | 'size'>) => void,
  ): void;
  _removeFile(req: Request, file: object, callback: (error: Error | null) => void): void;
}

/** The whole request is refused when the files sent in it add up to more than BATCH_MAX_BYTES. */
export const batchTooLarge = () =>
  new DomainError('REMOTE_SIZE_EXCEEDED', 'Selected file exceeds allowed size.', 413, {
    max: BATCH_MAX_BYTES,
    kind: 'batch',
  });

const received = new WeakMap<Request, number>();

/**
 * multer's storage for batches (issue 29): a file over the 10 MB upload limit no longer stops the request (multer's
 * `fileSize` would): it is read to its end, only its first 10 MB and a byte are kept, and the batch reports it on its
 * own item with the upload's 'Selected file exceeds allowed size.' (ImportText checks the size first) while the other
 * files go on. What the request's files add up to is counted as they arrive; past BATCH_MAX_BYTES the request is
 * refused at once (413).
 */
export const batchUploadStorage: StorageEngine = {
  _handleFile(req, file, callback) {
    const stream = file.stream;
    const keep = INGEST_LIMITS.documentBytes + 1;
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    let failed = false;
    stream.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      const total = (received.get(req) ?? 0) + chunk.length;
      received.set(req, total);
      if (total > BATCH_MAX_BYTES) {
        failed = true;
        stream.resume();
        return callback(batchTooLarge());
      }
      if (kept < keep) {
        const part = chunk.subarray(0, keep - kept);
        chunks.push(part);
        kept += part.length;
      }
    });
    stream.on('error', (error: Error) => {
      if (!failed) callback(error);
      failed = true;
    });
    stream.on('end', () => {
      if (!failed) callback(null, { buffer: Buffer.concat(chunks, kept), size });
    });
  },
  _removeFile(_req, file, callback) {
    delete (file as { buffer?: Buffer }).buffer;
    callback(null);
  },
};
