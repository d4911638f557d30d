// FNV-1a 32-bit over UTF-8 bytes (FEATURES.md section 3), computed incrementally from UTF-16 code units
// so no per-key Buffer is allocated. Lone surrogates are hashed as U+FFFD (what TextEncoder would emit).

export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function byte(h: number, b: number): number {
  return Math.imul(h ^ b, FNV_PRIME) >>> 0;
}

/** Continue an FNV-1a state with the UTF-8 bytes of `s`. */
export function fnvUpdate(state: number, s: string): number {
  let h = state;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      h = byte(h, c);
    } else if (c < 0x800) {
      h = byte(h, 0xc0 | (c >> 6));
      h = byte(h, 0x80 | (c & 0x3f));
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        h = byte(h, 0xf0 | (cp >> 18));
        h = byte(h, 0x80 | ((cp >> 12) & 0x3f));
        h = byte(h, 0x80 | ((cp >> 6) & 0x3f));
        h = byte(h, 0x80 | (cp & 0x3f));
        continue;
      }
      c = 0xfffd;
      h = byte(h, 0xe0 | (c >> 12));
      h = byte(h, 0x80 | ((c >> 6) & 0x3f));
      h = byte(h, 0x80 | (c & 0x3f));
    } else {
      h = byte(h, 0xe0 | (c >> 12));
      h = byte(h, 0x80 | ((c >> 6) & 0x3f));
      h = byte(h, 0x80 | (c & 0x3f));
    }
  }
  return h;
}

export function fnv1a32(s: string): number {
  return fnvUpdate(FNV_OFFSET, s);
}
