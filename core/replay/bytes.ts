/**
 * Byte plumbing of the replay format: a growable little-endian writer, a reader that reports
 * where it ran out (for "truncated at …" messages), unsigned LEB128 varints and CRC-32.
 * Invariant: the reader never reads past its end; it throws ReplayError('truncated') instead.
 */
import { ReplayError } from './ReplayError';

/** Growable byte buffer (replays are streamed: the size is not known up front). */
export class ByteSink {
  private buf = new Uint8Array(256);
  private pos = 0;

  get length(): number {
    return this.pos;
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  u8(v: number): this {
    this.room(1);
    this.buf[this.pos++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    this.room(2);
    this.buf[this.pos++] = v & 0xff;
    this.buf[this.pos++] = (v >>> 8) & 0xff;
    return this;
  }

  u32(v: number): this {
    this.room(4);
    for (let i = 0; i < 4; i++) this.buf[this.pos++] = (v >>> (8 * i)) & 0xff;
    return this;
  }

  /** Unsigned LEB128 of a non-negative integer below 2^35 (frame and key counts, lengths). */
  varint(v: number): this {
    let x = v;
    while (x >= 0x80) {
      this.u8((x & 0x7f) | 0x80);
      x = Math.floor(x / 128);
    }
    return this.u8(x);
  }

  bytes(b: Uint8Array): this {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** A copy of what was written. */
  take(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  clear(): void {
    this.pos = 0;
  }
}

/** Reader over untrusted bytes; `where` names the part being read in truncation messages. */
export class ByteSource {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly where: string,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  private need(n: number): number {
    if (this.pos + n > this.end) throw new ReplayError('truncated', `truncated in ${this.where} (byte ${this.pos} of ${this.end})`);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.bytes[this.need(1)]!;
  }

  u16(): number {
    const at = this.need(2);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }

  u32(): number {
    const at = this.need(4);
    const b = this.bytes;
    return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
  }

  varint(field: string): number {
    let v = 0;
    let mul = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.u8();
      v += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) return v;
      mul *= 128;
    }
    throw new ReplayError('invalid-field', `invalid field ${field} (varint too long)`, field);
  }

  slice(n: number): Uint8Array {
    const at = this.need(n);
    return this.bytes.subarray(at, at + n);
  }
}

const CRC_TABLE = ((): Uint32Array => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zip and PNG use) of bytes[from, to). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Zero-run packing for snapshots (mostly zero: fixed-capacity columns): pairs of
 * (varint literal count, literal bytes, varint zero count) until the input is consumed.
 */
export function packZeros(b: Uint8Array, out: ByteSink): void {
  let i = 0;
  while (i < b.length) {
    let j = i;
    // A literal ends at a run of 4+ zeros (a shorter run costs more as a pair than as literals).
    while (j < b.length && !(b[j] === 0 && b[j + 1] === 0 && b[j + 2] === 0 && b[j + 3] === 0)) j++;
    out.varint(j - i).bytes(b.subarray(i, j));
    let k = j;
    while (k < b.length && b[k] === 0) k++;
    out.varint(k - j);
    i = k;
  }
}

/** Unpacks `packZeros` output of exactly `length` bytes. @throws ReplayError */
export function unpackZeros(src: ByteSource, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let o = 0;
  while (src.remaining > 0) {
    const lit = src.varint('snapshot.literal');
    if (o + lit > length) throw new ReplayError('invalid-field', 'invalid field snapshot (packed data overruns)', 'snapshot');
    out.set(src.slice(lit), o);
    o += lit;
    const zeros = src.varint('snapshot.zeros');
    if (o + zeros > length) throw new ReplayError('invalid-field', 'invalid field snapshot (packed data overruns)', 'snapshot');
    o += zeros;
  }
  if (o !== length) throw new ReplayError('invalid-field', 'invalid field snapshot (packed data too short)', 'snapshot');
  return out;
}
