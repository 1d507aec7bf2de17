/**
 * The bot trees on the wire (protocol v5): layouts of the two control messages that carry them
 * and of the blob the host's trees travel in. Decoding is total: anything unexpected fails the
 * read (control.ts then returns null) or returns null here, never throws.
 *
 *   0x4a trees c→h  u8 n (1..MAX_REPORTED_TREES), n × u32: the fingerprint of each of my trees by
 *                   difficulty (easy, normal, hard; core/ai CompiledTree.fingerprint). Sent once
 *                   after ACCEPT, and again to ask for the host's trees anew after a bad transfer.
 *   0x11 trees h→c  u32 fingerprint of the host's brains (BotBrains.fingerprint), u16 blob bytes
 *                   (1..MAX_TREE_BLOB_BYTES), u8 chunk count (= ceil(bytes / TREE_CHUNK_BYTES)),
 *                   u8 chunk index (< count), then the chunk: TREE_CHUNK_BYTES of the blob, the
 *                   last chunk the rest. Sent only to a peer whose report differs from the host's
 *                   trees, one chunk in flight at a time, in order, on the reliable stream.
 *   blob            for each difficulty in order: u16 n (≤ MAX_TREE_SOURCE_BYTES), then n bytes:
 *                   the tree file as UTF-8 minified JSON; n = 0 means "the same as the one you
 *                   reported" (the peer keeps its own). The blob must end exactly after the last.
 * The receiver compiles what it assembled (core/ai compileTreeSet, no fallback) and uses it only
 * if the brains' fingerprint equals the one in the chunks and in the match start.
 */
import { DIFFICULTY_NAMES, MAX_TREE_SOURCE_BYTES } from '../../ai';
import { Reader, utf8Decode, utf8Encode, Writer } from './bytes';

/** Blob bytes per chunk: a chunk message (1 + 8 + this) stays under MAX_CTL_BYTES with room to spare. */
export const TREE_CHUNK_BYTES = 1024;
/** Largest blob: every tree at its size limit. */
export const MAX_TREE_BLOB_BYTES = DIFFICULTY_NAMES.length * (2 + MAX_TREE_SOURCE_BYTES);
export const MAX_TREE_CHUNKS = Math.ceil(MAX_TREE_BLOB_BYTES / TREE_CHUNK_BYTES);
/** Most fingerprints a report may hold (more difficulties may come; the host compares those it has). */
export const MAX_REPORTED_TREES = 8;

/** One chunk of the host's trees (control message 0x11). */
export interface TreeChunk {
  readonly fingerprint: number;
  readonly total: number;
  readonly count: number;
  readonly index: number;
  readonly bytes: Uint8Array;
}

/** Writes a report's body (after the kind byte): at most MAX_REPORTED_TREES fingerprints. */
export function writeTreeReport(w: Writer, prints: readonly number[]): void {
  const n = Math.min(MAX_REPORTED_TREES, prints.length);
  w.u8(n);
  for (let i = 0; i < n; i++) w.u32(prints[i] ?? 0);
}

/** Reads a report's body; fails the reader on an empty or oversized one. */
export function readTreeReport(r: Reader): number[] {
  const n = r.count(MAX_REPORTED_TREES);
  if (n < 1) r.fail();
  const out: number[] = [];
  for (let i = 0; i < n && !r.failed; i++) out.push(r.u32());
  return out;
}

/** Writes a chunk's body (after the kind byte). */
export function writeTreeChunk(w: Writer, c: TreeChunk): void {
  w.u32(c.fingerprint).u16(c.total).u8(c.count).u8(c.index).bytes(c.bytes);
}

/** Reads a chunk's body; fails the reader when its fields disagree with each other. */
export function readTreeChunk(r: Reader): TreeChunk {
  const fingerprint = r.u32();
  const total = r.u16();
  const count = r.u8();
  const index = r.u8();
  const expected = total - TREE_CHUNK_BYTES * index;
  const len = index + 1 < count ? TREE_CHUNK_BYTES : expected;
  if (total < 1 || total > MAX_TREE_BLOB_BYTES || count !== Math.ceil(total / TREE_CHUNK_BYTES) || index >= count || r.remaining !== len) r.fail();
  return { fingerprint, total, count, index, bytes: r.failed ? new Uint8Array(0) : r.bytesOf(len) };
}

/**
 * The blob carrying `sources` (indexed by difficulty) where `send[d]`, an empty entry elsewhere;
 * null when nothing is to be sent or a source is over its limit (the loader never makes one).
 */
export function encodeTreeBlob(sources: readonly string[], send: readonly boolean[]): Uint8Array | null {
  if (sources.length !== DIFFICULTY_NAMES.length || !send.some((s) => s)) return null;
  const w = new Writer(MAX_TREE_BLOB_BYTES);
  for (let d = 0; d < sources.length; d++) {
    const b = send[d] ? utf8Encode(sources[d] ?? '') : new Uint8Array(0);
    if (b.length > MAX_TREE_SOURCE_BYTES) return null;
    w.u16(b.length).bytes(b);
  }
  return w.failed ? null : w.finish();
}

/** A blob's trees by difficulty (null: "keep your own"); null when the blob is malformed. */
export function decodeTreeBlob(blob: Uint8Array): (string | null)[] | null {
  const r = new Reader(blob);
  const out: (string | null)[] = [];
  for (let d = 0; d < DIFFICULTY_NAMES.length; d++) {
    const n = r.u16();
    if (n > MAX_TREE_SOURCE_BYTES) r.fail();
    out.push(n === 0 ? null : utf8Decode(r.bytesOf(n)));
  }
  return r.done() ? out : null;
}

/** The chunks of `blob`, in order. */
export function treeChunks(fingerprint: number, blob: Uint8Array): TreeChunk[] {
  const count = Math.ceil(blob.length / TREE_CHUNK_BYTES);
  return Array.from({ length: count }, (_, index) => ({ fingerprint: fingerprint >>> 0, total: blob.length, count, index, bytes: blob.slice(index * TREE_CHUNK_BYTES, (index + 1) * TREE_CHUNK_BYTES) }));
}
