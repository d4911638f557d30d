import { INGEST_LIMITS } from '../limits';

export type ImageHeader = { ok: true; width: number; height: number } | { ok: false; detail: string };

/** Width and height declared in a PNG's IHDR chunk, read without decoding anything. */
export function readPngHeader(bytes: Uint8Array): ImageHeader {
  if (bytes.length < 33) return { ok: false, detail: 'PNG header truncated' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(12) !== 0x49484452) return { ok: false, detail: 'PNG does not start with IHDR' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return { ok: false, detail: 'PNG has zero width or height' };
  return { ok: true, width, height };
}

/** Width and height from a JPEG's first start-of-frame marker, walking the segment headers only. */
export function readJpegHeader(bytes: Uint8Array): ImageHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  // Each step advances by at least one byte, so the walk is bounded by the file's length.
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return { ok: false, detail: 'JPEG segment marker expected' };
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { ok: false, detail: 'JPEG has no frame header before its data' };
    const length = view.getUint16(at + 2);
    if (length < 2) return { ok: false, detail: 'JPEG segment length invalid' };
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return { ok: false, detail: 'JPEG frame header truncated' };
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      if (width === 0 || height === 0) return { ok: false, detail: 'JPEG has zero width or height' };
      return { ok: true, width, height };
    }
    at += 2 + length;
  }
  return { ok: false, detail: 'JPEG frame header not found (truncated?)' };
}

export type PixelVerdict = { ok: true } | { ok: false; detail: string };

/** Refuses images whose declared size would decode to more pixels than the limit (decompression bomb). */
export function checkPixels(
  header: { width: number; height: number },
  limits: { pixels: number; side: number } = { pixels: INGEST_LIMITS.imagePixels, side: INGEST_LIMITS.imageSide },
): PixelVerdict {
  const { width, height } = header;
  if (width > limits.side || height > limits.side) {
    return { ok: false, detail: `${width}x${height} px exceeds ${limits.side} px per side` };
  }
  if (width * height > limits.pixels) {
    return { ok: false, detail: `${width}x${height} px exceeds ${limits.pixels} pixels` };
  }
  return { ok: true };
}
