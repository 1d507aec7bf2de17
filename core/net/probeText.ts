/**
 * Text from the network, made safe to keep: strict UTF-8 without TextEncoder/TextDecoder (core has
 * no DOM or Node library), and a cleaner for display strings.
 *
 * Invariants: `utf8Decode` never throws and rejects anything that is not well-formed UTF-8
 * (overlong forms, surrogates, values above U+10FFFF, truncated sequences). `cleanText` output holds
 * no control characters, no bidi overrides, no lone surrogates, no leading/trailing or doubled
 * spaces, and encodes to at most `maxBytes` UTF-8 bytes, cut on a code point boundary.
 */

/** UTF-8 bytes of `text`; a lone surrogate (possible in a JS string) becomes U+FFFD. */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else {
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    }
  }
  return Uint8Array.from(out);
}

/** Number of UTF-8 bytes `text` encodes to (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Continuation bytes after lead byte `b0`, or -1 when `b0` cannot start a sequence. */
function continuationCount(b0: number): number {
  if (b0 >= 0xc2 && b0 <= 0xdf) return 1;
  if (b0 >= 0xe0 && b0 <= 0xef) return 2;
  if (b0 >= 0xf0 && b0 <= 0xf4) return 3;
  return -1; // stray continuation byte, overlong lead (0xc0, 0xc1) or beyond U+10FFFF (0xf5+)
}

/** Strictly decodes bytes[start, end); null when the bytes are not well-formed UTF-8. */
export function utf8Decode(bytes: Uint8Array, start = 0, end = bytes.length): string | null {
  let text = '';
  let i = start;
  while (i < end) {
    const b0 = bytes[i] ?? 0;
    if (b0 < 0x80) {
      text += String.fromCharCode(b0);
      i += 1;
      continue;
    }
    const need = continuationCount(b0);
    if (need < 0 || i + need >= end) return null; // invalid lead byte or truncated sequence
    let cp = b0 & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k] ?? 0;
      if ((b & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (b & 0x3f);
    }
    const min = need === 1 ? 0x80 : need === 2 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    text += String.fromCodePoint(cp);
    i += need + 1;
  }
  return text;
}

/** Control-like code points that could break a line, fake a layout or reorder text. */
function isStripped(cp: number): boolean {
  return (
    cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || // C0, DEL, C1
    cp === 0x2028 || cp === 0x2029 || // line / paragraph separators
    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || // bidi embeddings, isolates
    cp === 0x200e || cp === 0x200f || cp === 0x061c || // directional marks
    cp === 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb) || // BOM, interlinear annotations
    (cp >= 0xd800 && cp <= 0xdfff) // lone surrogates
  );
}

/** True when `text` holds a control, line-breaking or bidi code point (what `cleanText` removes). */
export function hasControlChars(text: string): boolean {
  for (const ch of text) if (isStripped(ch.codePointAt(0) ?? 0)) return true;
  return false;
}

/** Whitespace-like controls become a space rather than gluing two words together. */
function isSpacing(cp: number): boolean {
  return (cp >= 0x09 && cp <= 0x0d) || cp === 0x2028 || cp === 0x2029 || cp === 0x20;
}

/**
 * Untrusted text made fit for a label: control characters and bidi controls removed (tabs and line
 * breaks become spaces), runs of spaces collapsed, trimmed, and cut to `maxBytes` UTF-8 bytes.
 * The result is still plain text: callers must display it as text, never as HTML.
 */
export function cleanText(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  let pendingSpace = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isSpacing(cp)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (isStripped(cp)) continue;
    const add = (pendingSpace ? 1 : 0) + utf8Length(ch);
    if (bytes + add > maxBytes) break;
    if (pendingSpace) out += ' ';
    out += ch;
    bytes += add;
    pendingSpace = false;
  }
  return out;
}
