/**
 * Binary snapshots of a world: `snapshot` writes one versioned blob, `restore` / `restoreInto`
 * read it back and refuse anything damaged or incompatible with a SnapshotError (never a corrupt
 * world). The map itself is not in the blob: it is named by id and pinned by fingerprint.
 *
 * Layout: little-endian int32 words (the blob is an Int32Array's bytes; every platform we ship on
 * is little-endian, and a byte-swapped blob fails the magic check).
 *   0  MAGIC 0x4e534242 (bytes "BBSN")      7  lengthFrames
 *   1  SNAPSHOT_VERSION                      8  pelletTarget
 *   2  total words                           9  MAX_BALLS    10 PELLET_CAPACITY   11 PATH_CAPACITY
 *   3  checksum of words 4..end             12  component count
 *   4  map fingerprint                      13  mapId length L (≤ MAX_ID), then L words: UTF-16 units
 *   5  seed   6  players
 * then for each component of COMPONENTS, in order: tag = hashString(name), word count, then its
 * columns' words back to back. The checksum is MurmurHash3 (core/math) over words 4..end.
 */
import type { GameMap } from '../map';
import { HASH_SEED, hashFinish, hashInts, hashString } from '../math';
import { COMPONENTS } from './components';
import { checkInvariants, checkState } from './invariants';
import { mapInfoOf } from './mapInfo';
import { MAX_BALLS, PATH_CAPACITY, PELLET_CAPACITY } from './rules';
import { allocState, allocWorld, forgetPellets, matchSettings, rebuildDerived, type MatchSettings, type State, type World } from './World';

/** Bumped whenever the layout, the component list or the meaning of any column changes. */
export const SNAPSHOT_VERSION = 2;
export const SNAPSHOT_MAGIC = 0x4e534242;
const BYTE_SWAPPED_MAGIC = 0x4242534e;
const FIXED_HEADER = 14;
const MAX_ID = 256;

/** A blob that cannot be restored; `message` says why. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

/** What a snapshot's header says, readable before the map is loaded. */
export interface SnapshotHeader {
  readonly version: number;
  readonly mapId: string;
  readonly mapFingerprint: number;
  readonly settings: MatchSettings;
}

const TAGS = COMPONENTS.map((c) => hashString(c.name) | 0);

/** The world as a blob (allocates one buffer; columns are block-copied). */
export function snapshot(w: World): Uint8Array {
  const id = w.settings.mapId;
  let total = FIXED_HEADER + id.length;
  for (const c of COMPONENTS) {
    total += 2;
    for (const col of c.columns(w)) total += col.length;
  }
  const out = new Int32Array(total);
  const s = w.settings;
  out.set([SNAPSHOT_MAGIC, SNAPSHOT_VERSION, total, 0, w.info.fingerprint, s.seed, s.players, s.lengthFrames, s.pelletTarget]);
  out.set([MAX_BALLS, PELLET_CAPACITY, PATH_CAPACITY, COMPONENTS.length, id.length], 9);
  let o = FIXED_HEADER;
  for (let i = 0; i < id.length; i++) out[o++] = id.charCodeAt(i);
  for (let k = 0; k < COMPONENTS.length; k++) {
    const cols = COMPONENTS[k]!.columns(w);
    out[o] = TAGS[k]!;
    const start = o;
    o += 2;
    for (const col of cols) {
      out.set(col, o);
      o += col.length;
    }
    out[start + 1] = o - start - 2;
  }
  out[3] = checksum(out);
  return new Uint8Array(out.buffer);
}

function checksum(words: Int32Array): number {
  return hashFinish(hashInts(HASH_SEED, words, 4, words.length), words.length) | 0;
}

/** Reads and verifies a blob's framing and header (not the state). Throws SnapshotError. */
export function readSnapshotHeader(bytes: Uint8Array): SnapshotHeader {
  return parse(bytes).header;
}

/** A new world restored from `bytes`, for `map` (the map the header names). Throws SnapshotError. */
export function restore(bytes: Uint8Array, map: GameMap): World {
  const { header, words, body } = parse(bytes);
  checkMap(header, map);
  const settings = matchSettings(map, header.settings);
  if (!sameSettings(settings, header.settings)) throw new SnapshotError('snapshot: match settings out of range');
  const w = allocWorld(map, settings);
  readColumns(words, body, w);
  const problem = checkInvariants(w);
  if (problem !== null) throw new SnapshotError(`snapshot: impossible state (${problem})`);
  rebuildDerived(w);
  return w;
}

/**
 * Overwrites `w` with the state in `bytes`, which must be a snapshot of the same match (same map
 * and settings). Allocation-free after the first call. On error `w` is left untouched.
 */
export function restoreInto(w: World, bytes: Uint8Array): void {
  const { header, words, body } = parse(bytes);
  checkMap(header, w.map);
  if (!sameSettings(w.settings, header.settings)) throw new SnapshotError('snapshot: from a different match (settings differ)');
  const stage = (w.scratch.stage ??= allocState());
  readColumns(words, body, stage);
  const problem = checkState(stage, w.info, w.settings, w.scratch.cellMarks);
  if (problem !== null) throw new SnapshotError(`snapshot: impossible state (${problem})`);
  forgetPellets(w);
  for (const c of COMPONENTS) {
    const from = c.columns(stage);
    const to = c.columns(w);
    for (let i = 0; i < from.length; i++) to[i]!.set(from[i]!);
  }
  rebuildDerived(w, true);
}

interface Parsed {
  readonly header: SnapshotHeader;
  readonly words: Int32Array;
  /** Word offset of the first component. */
  readonly body: number;
}

function parse(bytes: Uint8Array): Parsed {
  if (!(bytes instanceof Uint8Array)) throw new SnapshotError('snapshot: not a byte array');
  if (bytes.byteLength < FIXED_HEADER * 4 || bytes.byteLength % 4 !== 0) throw new SnapshotError(`snapshot: bad length ${bytes.byteLength} bytes`);
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  // DETERMINISM: platform byte order; a blob from a big-endian machine fails the magic check below.
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  if (words[0] === BYTE_SWAPPED_MAGIC) throw new SnapshotError('snapshot: written on a big-endian machine (byte order differs)');
  if (words[0] !== SNAPSHOT_MAGIC) throw new SnapshotError('snapshot: not a Ball Brawl snapshot (bad magic)');
  if (words[1] !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot: version ${words[1]}, this build reads ${SNAPSHOT_VERSION}`);
  if (words[2] !== words.length) throw new SnapshotError(`snapshot: truncated or padded (${words.length} words, header says ${words[2]})`);
  if (words[3] !== checksum(words)) throw new SnapshotError('snapshot: checksum mismatch (damaged)');
  if (words[9] !== MAX_BALLS || words[10] !== PELLET_CAPACITY || words[11] !== PATH_CAPACITY || words[12] !== COMPONENTS.length) {
    throw new SnapshotError('snapshot: capacities or component list differ from this build');
  }
  const idLen = words[13]!;
  if (idLen < 0 || idLen > MAX_ID || FIXED_HEADER + idLen > words.length) throw new SnapshotError('snapshot: bad map id length');
  let mapId = '';
  for (let i = 0; i < idLen; i++) mapId += String.fromCharCode(words[FIXED_HEADER + i]! & 0xffff);
  const settings: MatchSettings = { mapId, seed: words[5]! >>> 0, players: words[6]!, lengthFrames: words[7]!, pelletTarget: words[8]! };
  return { header: { version: words[1]!, mapId, mapFingerprint: words[4]! >>> 0, settings }, words, body: FIXED_HEADER + idLen };
}

function checkMap(h: SnapshotHeader, map: GameMap): void {
  if (h.mapId !== map.id) throw new SnapshotError(`snapshot: of map "${h.mapId}", not "${map.id}"`);
  if (h.mapFingerprint !== mapInfoOf(map).fingerprint) throw new SnapshotError(`snapshot: map "${map.id}" differs from the one it was taken on`);
}

function sameSettings(a: MatchSettings, b: MatchSettings): boolean {
  return a.mapId === b.mapId && a.seed === b.seed && a.players === b.players && a.lengthFrames === b.lengthFrames && a.pelletTarget === b.pelletTarget;
}

/** col[0..len) = words[o..o+len): a plain loop for short columns (a subarray view costs more). */
function copyWords(words: Int32Array, o: number, col: Int32Array): void {
  const n = col.length;
  if (n > 256) {
    col.set(words.subarray(o, o + n));
    return;
  }
  for (let i = 0; i < n; i++) col[i] = words[o + i]!;
}

/** Copies every component's words from `words` (starting at `o`) into `s`, checking tags and sizes. */
function readColumns(words: Int32Array, o: number, s: State): void {
  for (let k = 0; k < COMPONENTS.length; k++) {
    const c = COMPONENTS[k]!;
    const cols = c.columns(s);
    let need = 0;
    for (const col of cols) need += col.length;
    if (o + 2 > words.length || words[o] !== TAGS[k]) throw new SnapshotError(`snapshot: component "${c.name}" missing or out of order`);
    if (words[o + 1] !== need || o + 2 + need > words.length) throw new SnapshotError(`snapshot: component "${c.name}" has the wrong size`);
    o += 2;
    for (const col of cols) {
      copyWords(words, o, col);
      o += col.length;
    }
  }
  if (o !== words.length) throw new SnapshotError('snapshot: trailing data');
}
