/**
 * The replay file format (version 3: snapshots of version 5 and the world hash of core/math
 * hashColumn inside; version 2 files, whose snapshots and hashes this build cannot check, and
 * version 1 files, with a dash, are refused with a version error). Little-endian; varints are unsigned LEB128.
 *
 *   prelude  4 bytes magic "BBRP", u16 REPLAY_FORMAT_VERSION, u16 zero
 *   chunks   u8 type, u32 payload length, payload, u32 CRC-32 of (type, length, payload)
 *     'H' header (first, once): ASCII JSON, see header.ts
 *     'K' keys:     varint firstKey, varint keyCount, then records for keys in
 *                   [firstKey, firstKey + keyCount), ascending; a key with nothing to say has none:
 *                   varint gap (keys skipped since the previous record), u8 flags
 *                   (bit 0 inputs, bit 1 events, bit 2 hash), then as flagged:
 *                   inputs: varint n, n × (u8 slot, input entry); events: varint n,
 *                   n × (u8 kind, u8 slot, u8 difficulty); hash: u32 (state before the key)
 *     'S' snapshot: varint key, u32 hash, varint unpacked length, then MatchRunner.snapshot() bytes
 *                   (state before the key) packed as runs: (varint n, n literal bytes, varint zeros)…
 *     'E' end (last, once): varint frames run, varint keys run, u32 hash after the last frame,
 *                   u8 flags (bit 0: the match reached its end), varint winner slot + 1 (0: none)
 *   Input entry: u8 move | split << 2 | eject << 3, then u16 angle (direction) or u16 x, u16 y (target): the
 *   fields core/sim/input.ts's encoding carries that the mode uses, so it is lossless for `step`.
 * A key's inputs are the human input changes of its first frame (slot = roster slot), its events
 * apply just before them. A file cut short loses its 'E' chunk and reads as truncated; a file
 * saved when a player left mid-match has an 'E' chunk with the match-ended bit clear.
 */
import { decodeInput, encodeInput, INPUT_BYTES, MoveMode, sanitizeInput, type PlayerInput } from '../sim';
import type { ByteSink, ByteSource } from './bytes';
import { ReplayError } from './ReplayError';

export const REPLAY_MAGIC: readonly number[] = [0x42, 0x42, 0x52, 0x50];
/** Bumped whenever the layout above changes; readers refuse other versions. */
export const REPLAY_FORMAT_VERSION = 3;
export const PRELUDE_BYTES = 8;
/** Chunk framing: type + length before, CRC after. */
export const CHUNK_OVERHEAD = 9;

export const Chunk = { Header: 0x48, Keys: 0x4b, Snapshot: 0x53, End: 0x45 } as const;
export type Chunk = (typeof Chunk)[keyof typeof Chunk];

export const RecordFlag = { Inputs: 1, Events: 2, Hash: 4 } as const;

const scratch = new Uint8Array(INPUT_BYTES);

export function writeInput(out: ByteSink, input: PlayerInput): void {
  encodeInput(input, scratch, 0);
  const mode = scratch[0]! & 3;
  out.u8(scratch[0]!);
  if (mode === MoveMode.Direction) out.u8(scratch[2]!).u8(scratch[3]!);
  else if (mode === MoveMode.Target) out.u8(scratch[4]!).u8(scratch[5]!).u8(scratch[6]!).u8(scratch[7]!);
}

export function readInput(src: ByteSource): PlayerInput {
  scratch.fill(0);
  const b0 = src.u8();
  if ((b0 & 0xf0) !== 0 || (b0 & 3) === 3) throw new ReplayError('invalid-field', 'invalid field input (bad mode byte)', 'input');
  scratch[0] = b0;
  if ((b0 & 3) === MoveMode.Direction) {
    scratch[2] = src.u8();
    scratch[3] = src.u8();
  } else if ((b0 & 3) === MoveMode.Target) {
    for (let i = 4; i < 8; i++) scratch[i] = src.u8();
  }
  return decodeInput(scratch, 0);
}

/**
 * The input as the file stores it (fields its mode does not use zeroed): `step` ignores those
 * fields, so recording and replaying this form is exact.
 */
export function normalizeInputForReplay(input: PlayerInput): PlayerInput {
  const s = sanitizeInput(input);
  return { move: s.move, angle: s.move === MoveMode.Direction ? s.angle : 0, targetX: s.move === MoveMode.Target ? s.targetX : 0, targetY: s.move === MoveMode.Target ? s.targetY : 0, split: s.split, eject: s.eject };
}
