/**
 * Byte layout of the snapshot transfer (a rejoining player or a spectator joining a running
 * match gets the state of one key frame in chunks), and its checksum. Decoding is total: anything
 * unexpected returns null, never throws.
 *
 *   0x13 SNAP    h→c  u32 key, u32 total bytes (≤ MAX_SNAPSHOT_BYTES), u32 checksum (FNV-1a of
 *                     the whole snapshot), u16 chunk index, u16 chunk count, then the chunk's bytes:
 *                     SNAP_CHUNK_BYTES each, the last one the rest (never empty)
 *   0x14 SNAPACK c→h  u32 session token, u32 key, u16 chunk count, ceil(count / 8) bytes of bitmap
 *                     (chunk i = bit i % 8 of byte i / 8; set = received); the last byte's unused
 *                     bits must be 0
 * The key, size and checksum are also announced in the 'resync' control message; a chunk that
 * disagrees with the announcement is rejected (counted) by the receiver.
 */
import { HEADER_BYTES, MAX_PAYLOAD_BYTES, readHeader, writeHeader } from '../../net';
import { Reader, Writer } from './bytes';
import { LockstepType } from './frames';

/** Bytes of snapshot per chunk: the datagram limit minus header and chunk fields, rounded down. */
export const SNAP_CHUNK_BYTES = 1152;
/** Largest snapshot accepted (a 50-ball, 1000-pellet world is ~35–60 KB). */
export const MAX_SNAPSHOT_BYTES = 2 * 1024 * 1024;
export const MAX_SNAP_CHUNKS = Math.ceil(MAX_SNAPSHOT_BYTES / SNAP_CHUNK_BYTES);

export interface SnapChunk {
  readonly key: number;
  readonly total: number;
  readonly checksum: number;
  readonly index: number;
  readonly count: number;
  readonly data: Uint8Array;
}

export interface SnapAck {
  readonly token: number;
  readonly key: number;
  readonly count: number;
  readonly bitmap: Uint8Array;
}

/** Chunks a snapshot of `total` bytes travels in (0 for an empty one). */
export function chunkCount(total: number): number {
  return Math.ceil(total / SNAP_CHUNK_BYTES);
}

/** FNV-1a over the bytes (32 bits, unsigned). */
export function snapChecksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return h >>> 0;
}

function begin(type: number): Writer {
  const h = new Uint8Array(HEADER_BYTES);
  writeHeader(h, type);
  return new Writer(MAX_PAYLOAD_BYTES).bytes(h);
}

/** Chunk `index` of `bytes` (a snapshot of key `key` with checksum `checksum`). */
export function encodeSnapChunk(key: number, bytes: Uint8Array, checksum: number, index: number): Uint8Array {
  const from = index * SNAP_CHUNK_BYTES;
  const data = bytes.subarray(from, Math.min(bytes.length, from + SNAP_CHUNK_BYTES));
  return begin(LockstepType.Snap).u32(key).u32(bytes.length).u32(checksum).u16(index).u16(chunkCount(bytes.length)).bytes(data).finish();
}

/** Decodes a SNAP datagram; null when it is not a well-formed chunk. */
export function decodeSnapChunk(bytes: Uint8Array): SnapChunk | null {
  const h = readHeader(bytes);
  if (!h.ok || h.type !== LockstepType.Snap) return null;
  const r = new Reader(bytes, HEADER_BYTES);
  const key = r.u32();
  const total = r.u32();
  const checksum = r.u32();
  const index = r.u16();
  const count = r.u16();
  if (r.failed || total === 0 || total > MAX_SNAPSHOT_BYTES || count !== chunkCount(total) || index >= count) return null;
  const len = index === count - 1 ? total - index * SNAP_CHUNK_BYTES : SNAP_CHUNK_BYTES;
  const data = r.bytesOf(len);
  return r.done() ? { key, total, checksum, index, count, data } : null;
}

export function encodeSnapAck(a: SnapAck): Uint8Array {
  return begin(LockstepType.SnapAck).u32(a.token).u32(a.key).u16(a.count).bytes(a.bitmap).finish();
}

/** Decodes a SNAPACK datagram; null when malformed. */
export function decodeSnapAck(bytes: Uint8Array): SnapAck | null {
  const h = readHeader(bytes);
  if (!h.ok || h.type !== LockstepType.SnapAck) return null;
  const r = new Reader(bytes, HEADER_BYTES);
  const token = r.u32();
  const key = r.u32();
  const count = r.u16();
  if (r.failed || count === 0 || count > MAX_SNAP_CHUNKS) return null;
  const bitmap = r.bytesOf(Math.ceil(count / 8));
  if (!r.done()) return null;
  const spare = count & 7;
  if (spare !== 0 && ((bitmap[bitmap.length - 1] ?? 0) >> spare) !== 0) return null;
  return { token, key, count, bitmap };
}
