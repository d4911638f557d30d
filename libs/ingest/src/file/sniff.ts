/** What the first bytes of a file say it is, whatever its name. */
export type SniffedType =
  | { kind: 'pdf' }
  | { kind: 'zip' }
  | { kind: 'png' }
  | { kind: 'jpeg' }
  | { kind: 'text'; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }
  | { kind: 'executable'; format: string }
  | { kind: 'other'; format: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const EXECUTABLES: ReadonlyArray<[string, number[]]> = [
  ['Windows executable (PE/MZ)', ascii('MZ')],
  ['ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['Mach-O executable', [0xfe, 0xed, 0xfa, 0xce]],
  ['Mach-O executable', [0xfe, 0xed, 0xfa, 0xcf]],
  ['Mach-O executable', [0xce, 0xfa, 0xed, 0xfe]],
  ['Mach-O executable', [0xcf, 0xfa, 0xed, 0xfe]],
  ['Mach-O universal binary or Java class', [0xca, 0xfe, 0xba, 0xbe]],
  ['WebAssembly module', [0x00, 0x61, 0x73, 0x6d]],
];

const OTHER_BINARIES: ReadonlyArray<[string, number[]]> = [
  ['GIF image', ascii('GIF8')],
  ['TIFF image', [0x49, 0x49, 0x2a, 0x00]],
  ['TIFF image', [0x4d, 0x4d, 0x00, 0x2a]],
  ['legacy Office document (.doc)', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['RTF document', ascii('{\\rtf')],
  ['gzip archive', [0x1f, 0x8b]],
  ['7-Zip archive', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['RAR archive', ascii('Rar!')],
];

/** Classifies bytes by magic numbers; text only when it decodes strictly and holds no binary control bytes. */
export function sniffType(bytes: Uint8Array): SniffedType {
  // The PDF header may follow a little junk (readers accept it within the first 1 KiB).
  if (indexOfAscii(bytes, '%PDF-', 1024) >= 0) return { kind: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return { kind: 'zip' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { kind: 'other', format: 'WebP image' };
  // 'MZ' alone could start a text file; a real DOS/PE header always holds NUL bytes.
  for (const [format, signature] of EXECUTABLES) {
    if (startsWith(bytes, signature) && (format !== EXECUTABLES[0][0] || hasNul(bytes, 512))) {
      return { kind: 'executable', format };
    }
  }
  if (startsWith(bytes, ascii('BM')) && hasNul(bytes, 32)) return { kind: 'other', format: 'BMP image' };
  for (const [format, signature] of OTHER_BINARIES) if (startsWith(bytes, signature)) return { kind: 'other', format };
  const encoding = textEncoding(bytes);
  if (encoding) return { kind: 'text', encoding };
  return { kind: 'other', format: 'binary data' };
}

/** The encoding a text file decodes with, or undefined when it is not text. */
export function textEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | undefined {
  const encoding = startsWith(bytes, [0xff, 0xfe])
    ? 'utf-16le'
    : startsWith(bytes, [0xfe, 0xff])
      ? 'utf-16be'
      : 'utf-8';
  const text = decodeText(bytes, encoding);
  return text !== undefined && looksLikeText(text) ? encoding : undefined;
}

/** Strict decoding (no replacement characters); the BOM is dropped. */
export function decodeText(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** No NUL and almost no other C0 control characters (tab, newline, carriage return, form feed excepted). */
export function looksLikeText(text: string): boolean {
  let controls = 0;
  const sample = Math.min(text.length, 1_000_000);
  for (let i = 0; i < sample; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) controls++;
  }
  return controls <= Math.max(2, sample * 0.001);
}

export function indexOfAscii(bytes: Uint8Array, needle: string, within = bytes.length, from = 0): number {
  const end = Math.min(bytes.length, within) - needle.length;
  outer: for (let i = from; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

function hasNul(bytes: Uint8Array, within: number): boolean {
  for (let i = 0; i < Math.min(bytes.length, within); i++) if (bytes[i] === 0) return true;
  return false;
}
