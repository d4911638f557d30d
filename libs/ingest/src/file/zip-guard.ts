import { INGEST_LIMITS } from '../limits';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipVerdict =
  | { ok: true; entries: ZipEntry[]; declaredBytes: number }
  | { ok: false; problem: 'corrupt' | 'bomb' | 'unsupported'; detail: string };

export interface ZipLimits {
  entries: number;
  inflatedBytes: number;
  entryRatio: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  entries: INGEST_LIMITS.zipEntries,
  inflatedBytes: INGEST_LIMITS.zipInflatedBytes,
  entryRatio: INGEST_LIMITS.zipEntryRatio,
};
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * Reads a zip's central directory and judges it from the declared sizes alone, before anything is inflated:
 * too many entries, too many declared bytes, or an entry that claims to expand more than `entryRatio` times is a
 * bomb; ZIP64, encryption and methods other than stored/deflate are refused (a DOCX never needs them).
 */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): ZipVerdict {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(bytes, view);
  if (eocd < 0) return { ok: false, problem: 'corrupt', detail: 'no end-of-central-directory record (truncated?)' };
  const total = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (total === 0xffff || cdOffset === 0xffffffff) return { ok: false, problem: 'unsupported', detail: 'ZIP64' };
  if (total > limits.entries) return { ok: false, problem: 'bomb', detail: `${total} entries` };
  if (cdOffset + cdSize > eocd) return { ok: false, problem: 'corrupt', detail: 'central directory out of bounds' };

  const entries: ZipEntry[] = [];
  let declaredBytes = 0;
  let at = cdOffset;
  for (let i = 0; i < total; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) {
      return { ok: false, problem: 'corrupt', detail: 'bad central directory entry' };
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      return { ok: false, problem: 'unsupported', detail: 'ZIP64' };
    }
    if (flags & 0x1) return { ok: false, problem: 'unsupported', detail: `encrypted entry ${name}` };
    if (method !== 0 && method !== 8) return { ok: false, problem: 'unsupported', detail: `compression ${method}` };
    if (localHeaderOffset + 30 + compressedSize > cdOffset) {
      return { ok: false, problem: 'corrupt', detail: `entry ${name} out of bounds` };
    }
    if (method === 0 && compressedSize !== uncompressedSize) {
      return { ok: false, problem: 'corrupt', detail: `stored entry ${name} sizes differ` };
    }
    if (uncompressedSize > RATIO_FLOOR_BYTES && uncompressedSize > Math.max(compressedSize, 1) * limits.entryRatio) {
      const ratio = Math.round(uncompressedSize / Math.max(compressedSize, 1));
      return { ok: false, problem: 'bomb', detail: `entry ${name} expands ${ratio}:1` };
    }
    declaredBytes += uncompressedSize;
    if (declaredBytes > limits.inflatedBytes) {
      return { ok: false, problem: 'bomb', detail: `declares more than ${limits.inflatedBytes} inflated bytes` };
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return { ok: true, entries, declaredBytes };
}

/** Where an entry's compressed data starts, from its local header; -1 when the header is bad. */
export function entryDataOffset(bytes: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return -1;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  return start + entry.compressedSize <= bytes.length ? start : -1;
}

/** A zip is a DOCX when it holds the main Word part and the content-types part. */
export function isDocx(entries: readonly ZipEntry[]): boolean {
  const names = new Set(entries.map((e) => e.name));
  return names.has('word/document.xml') && names.has('[Content_Types].xml');
}

function findEndOfCentralDirectory(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === 0x06054b50 && at + 22 + view.getUint16(at + 20, true) <= bytes.length) return at;
  }
  return -1;
}
