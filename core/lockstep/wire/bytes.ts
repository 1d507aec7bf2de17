/**
 * Bounds-checked little-endian byte reader and writer, and a UTF-8 codec (core has no TextEncoder).
 * Owns: the rule that decoding untrusted bytes never throws. A Reader that runs past its end or
 * meets a bad value becomes `failed` (sticky) and returns zeros from then on; callers check
 * `ok()` once at the end instead of after every field.
 * Invariants: a Writer never grows past its capacity (it fails instead); strings on the wire are
 * UTF-8 with a u8 byte length and are sanitised (control characters dropped) when read.
 */

/** Sequential reader over untrusted bytes. */
export class Reader {
  private pos: number;
  private bad = false;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.pos = start;
  }

  /** True while every read so far was in bounds and valid. */
  get failed(): boolean {
    return this.bad;
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.bad ? 0 : this.bytes.length - this.pos;
  }

  /** Marks the read as invalid (e.g. a value out of its allowed range). */
  fail(): void {
    this.bad = true;
  }

  /** True when nothing failed and every byte was consumed. */
  done(): boolean {
    return !this.bad && this.pos === this.bytes.length;
  }

  private take(n: number): number {
    if (this.bad || this.pos + n > this.bytes.length) {
      this.bad = true;
      return -1;
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    const at = this.take(1);
    return at < 0 ? 0 : (this.bytes[at] ?? 0);
  }

  u16(): number {
    const at = this.take(2);
    if (at < 0) return 0;
    return (this.bytes[at] ?? 0) | ((this.bytes[at + 1] ?? 0) << 8);
  }

  u32(): number {
    const at = this.take(4);
    if (at < 0) return 0;
    const b = this.bytes;
    return ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;
  }

  /** A count that must not exceed `max`; a larger one fails the read (absurd lengths). */
  count(max: number): number {
    const n = this.u8();
    if (n > max) this.bad = true;
    return this.bad ? 0 : n;
  }

  /** A copy of the next `n` bytes (empty when out of bounds). */
  bytesOf(n: number): Uint8Array {
    const at = this.take(n);
    return at < 0 ? new Uint8Array(0) : this.bytes.slice(at, at + n);
  }

  /** A u8-length-prefixed UTF-8 string of at most `maxBytes` bytes, sanitised. */
  str(maxBytes: number): string {
    const n = this.u8();
    if (n > maxBytes) {
      this.bad = true;
      return '';
    }
    const at = this.take(n);
    return at < 0 ? '' : sanitizeText(utf8Decode(this.bytes.subarray(at, at + n)));
  }
}

/** Sequential writer into a fixed-capacity buffer. */
export class Writer {
  private readonly buf: Uint8Array;
  private pos = 0;
  private bad = false;

  constructor(capacity: number) {
    this.buf = new Uint8Array(capacity);
  }

  get length(): number {
    return this.pos;
  }

  /** True when a write did not fit. */
  get failed(): boolean {
    return this.bad;
  }

  /** Bytes still free. */
  get free(): number {
    return this.buf.length - this.pos;
  }

  private room(n: number): boolean {
    if (this.bad || this.pos + n > this.buf.length) {
      this.bad = true;
      return false;
    }
    return true;
  }

  u8(v: number): this {
    if (this.room(1)) this.buf[this.pos++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    if (this.room(2)) {
      this.buf[this.pos++] = v & 0xff;
      this.buf[this.pos++] = (v >>> 8) & 0xff;
    }
    return this;
  }

  u32(v: number): this {
    if (this.room(4)) {
      this.buf[this.pos++] = v & 0xff;
      this.buf[this.pos++] = (v >>> 8) & 0xff;
      this.buf[this.pos++] = (v >>> 16) & 0xff;
      this.buf[this.pos++] = (v >>> 24) & 0xff;
    }
    return this;
  }

  bytes(b: Uint8Array): this {
    if (this.room(b.length)) {
      this.buf.set(b, this.pos);
      this.pos += b.length;
    }
    return this;
  }

  /** Writes a u8 byte length then UTF-8, truncated on a character boundary to `maxBytes`. */
  str(s: string, maxBytes: number): this {
    const b = utf8Truncate(utf8Encode(s), maxBytes);
    return this.u8(b.length).bytes(b);
  }

  /** Overwrites one byte already written (e.g. a count known only after the items). */
  patchU8(at: number, v: number): void {
    if (at < this.pos) this.buf[at] = v & 0xff;
  }

  /** Rewinds to an earlier length (drops a partly written item that did not fit). */
  truncate(len: number): void {
    if (len <= this.pos) {
      this.pos = len;
      this.bad = false;
    }
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/** UTF-8 bytes of `s` (lone surrogates become U+FFFD). */
export function utf8Encode(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** Cuts UTF-8 bytes to at most `max` without splitting a character. */
export function utf8Truncate(b: Uint8Array, max: number): Uint8Array {
  if (b.length <= max) return b;
  let end = max;
  while (end > 0 && ((b[end] ?? 0) & 0xc0) === 0x80) end--;
  return b.subarray(0, end);
}

/** Decodes UTF-8; any invalid sequence becomes U+FFFD. Never throws. */
export function utf8Decode(b: Uint8Array): string {
  let s = '';
  let i = 0;
  while (i < b.length) {
    const c = b[i] ?? 0;
    let need = c < 0x80 ? 0 : c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
    if (need < 0 || c >= 0xf5) {
      s += '\ufffd';
      i++;
      continue;
    }
    let cp = need === 0 ? c : c & (0x3f >> need);
    let j = 1;
    for (; j <= need; j++) {
      const d = b[i + j];
      if (d === undefined || (d & 0xc0) !== 0x80) break;
      cp = (cp << 6) | (d & 63);
    }
    if (j <= need) {
      s += '\ufffd';
      i += j;
      continue;
    }
    const min = need === 1 ? 0x80 : need === 2 ? 0x800 : need === 3 ? 0x10000 : 0;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    s += String.fromCodePoint(cp);
    i += need + 1;
    need = 0;
  }
  return s;
}

/** Drops control characters (names and chat are shown as text; no newlines, no escapes). */
export function sanitizeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029) continue;
    out += ch;
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (with padding) of `b`, for JSON-able reports. */
export function toBase64(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = ((b[i] ?? 0) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += B64[(n >> 18) & 63];
    out += B64[(n >> 12) & 63];
    out += i + 1 < b.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < b.length ? B64[n & 63] : '=';
  }
  return out;
}
