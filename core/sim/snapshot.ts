/**
 * Binary snapshots of a world: `snapshot` writes one versioned blob, `restore` / `restoreInto`
 * read it back and refuse anything damaged or incompatible with a SnapshotError (never a corrupt
 * world). The map itself is not in the blob: it is named by id and pinned by fingerprint; nor is
 * the match mode (teams.ts), which comes with the match's setup (restore's `mode`; restoreInto
 * keeps the world's).
 *
 * Layout: little-endian int32 words (the blob is an Int32Array's bytes; every platform we ship on
 * is little-endian, and a byte-swapped blob fails the magic check).
 *   0  MAGIC 0x4e534242 (bytes "BBSN")      7  lengthFrames
 *   1  SNAPSHOT_VERSION                      8  pelletTarget
 *   2  total words                           9  MAX_CELLS    10 PELLET_CAPACITY   11 PATH_CAPACITY
 *   3  checksum of words 4..end             12  component count
 *   4  map fingerprint                      13  mapId length L (≤ MAX_ID), then L words: UTF-16 units
 *   5  seed   6  players
 * then for each component of COMPONENTS, in order: tag = hashString(name), word count, then its
 * columns' words back to back. The checksum: core/math hashColumn (the world hash's two-lane mix)
 * over words 4..end, then hashFinish with the word count (version 4 used MurmurHash3 there: its one
 * chain of multiplies made the two checksum passes a third of a snapshot round trip).
 */
import type { GameMap } from '../map';
import { HASH_SEED, hashColumn, hashFinish, hashString } from '../math';
import { COMPONENTS } from './components';
import { checkInvariants, checkState } from './invariants';
import { mapInfoOf } from './mapInfo';
import { MAX_CELLS, PATH_CAPACITY, PELLET_CAPACITY } from './rules';
import { FREE_FOR_ALL, sameMode, type MatchMode } from './teams';
import {
  allocState,
  allocWorld,
  matchSettings,
  rebuildDerived,
  replacePellets,
  type MatchSettings,
  type RestoreStage,
  type State,
  type StateLayout,
  type World,
} from './World';

/** Bumped whenever the layout, the component list or the meaning of any column changes. */
export const SNAPSHOT_VERSION = 5;
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
  /** Its mode is free-for-all: the blob does not carry the mode (see the file header). */
  readonly settings: MatchSettings;
}

const TAGS = COMPONENTS.map((c) => hashString(c.name) | 0);

/** The columns of `s` in snapshot order, and where each sits in a blob's body. */
function layoutOf(s: State): StateLayout {
  const columns: Int32Array[] = [];
  const offsets: number[] = [];
  const sizes: number[] = [];
  let o = 0;
  for (const c of COMPONENTS) {
    o += 2; // tag, size
    let n = 0;
    for (const col of c.columns(s)) {
      columns.push(col);
      offsets.push(o);
      o += col.length;
      n += col.length;
    }
    sizes.push(n);
  }
  return { columns, offsets, sizes, words: o };
}

const worldLayout = (w: World): StateLayout => (w.scratch.layout ??= layoutOf(w));

/** The world as a blob (allocates one buffer; columns are block-copied). */
export function snapshot(w: World): Uint8Array {
  const id = w.settings.mapId;
  const layout = worldLayout(w);
  const body = FIXED_HEADER + id.length;
  const total = body + layout.words;
  const out = new Int32Array(total);
  const s = w.settings;
  out[0] = SNAPSHOT_MAGIC;
  out[1] = SNAPSHOT_VERSION;
  out[2] = total;
  out[4] = w.info.fingerprint;
  out[5] = s.seed;
  out[6] = s.players;
  out[7] = s.lengthFrames;
  out[8] = s.pelletTarget;
  out[9] = MAX_CELLS;
  out[10] = PELLET_CAPACITY;
  out[11] = PATH_CAPACITY;
  out[12] = COMPONENTS.length;
  out[13] = id.length;
  for (let i = 0; i < id.length; i++) out[FIXED_HEADER + i] = id.charCodeAt(i);
  const { columns, offsets, sizes } = layout;
  let o = body;
  for (let k = 0; k < sizes.length; k++) {
    out[o] = TAGS[k]!;
    out[o + 1] = sizes[k]!;
    o += 2 + sizes[k]!;
  }
  for (let i = 0; i < columns.length; i++) out.set(columns[i]!, body + offsets[i]!);
  out[3] = checksum(out);
  return new Uint8Array(out.buffer);
}

/** The checksum of a blob (see the file header): core/math hashColumn over words 4..end, finished. */
function checksum(words: Int32Array): number {
  return hashFinish(hashColumn(HASH_SEED, words.subarray(4)), words.length) | 0;
}

/** Reads and verifies a blob's framing and header (not the state). Throws SnapshotError. */
export function readSnapshotHeader(bytes: Uint8Array): SnapshotHeader {
  return headerOf(frame(bytes));
}

/** A new world restored from `bytes`, for `map` (the map the header names), of a match played in `mode`. Throws SnapshotError. */
export function restore(bytes: Uint8Array, map: GameMap, mode: MatchMode = FREE_FOR_ALL): World {
  const words = frame(bytes);
  const header = headerOf(words);
  checkMap(header, map);
  const settings = matchSettings(map, { ...header.settings, mode });
  if (!sameSettings(settings, { ...header.settings, mode })) throw new SnapshotError('snapshot: match settings out of range');
  const w = allocWorld(map, settings);
  const layout = worldLayout(w);
  const body = bodyOf(words, layout);
  const { columns, offsets } = layout;
  for (let i = 0; i < columns.length; i++) copyWords(words, body + offsets[i]!, columns[i]!);
  const problem = checkInvariants(w);
  if (problem !== null) throw new SnapshotError(`snapshot: impossible state (${problem})`);
  rebuildDerived(w, true);
  return w;
}

/**
 * Overwrites `w` with the state in `bytes`, which must be a snapshot of the same match (same map
 * and settings). On error `w` is left untouched. After the first call it allocates only a view
 * or two: the blob's body is block-copied into a staging state, validated there (checkState), and
 * only then copied onto the live columns; the pellet index is updated incrementally.
 */
export function restoreInto(w: World, bytes: Uint8Array): void {
  const words = frame(bytes);
  if (!sameMatch(words, w)) {
    checkMap(headerOf(words), w.map);
    throw new SnapshotError('snapshot: from a different match (settings differ)');
  }
  const layout = worldLayout(w);
  const body = bodyOf(words, layout);
  const stage = (w.scratch.stage ??= makeStage(layout));
  stage.body.set(words.subarray(body, words.length));
  const problem = checkState(stage.state, w.info, w.settings, w.scratch.cellBits);
  if (problem !== null) throw new SnapshotError(`snapshot: impossible state (${problem})`);
  assignState(w, stage.columns, stage.state.pellets.word);
}

/**
 * Copies state columns `from` (in snapshot order) onto `w`'s: block copies, but the pellet column
 * (`pellets`, one of `from`) goes through replacePellets, which updates the pellet index as it goes.
 */
function assignState(w: World, from: readonly Int32Array[], pellets: Int32Array): void {
  const to = worldLayout(w).columns;
  for (let i = 0; i < from.length; i++) {
    const col = from[i]!;
    if (col !== pellets) to[i]!.set(col);
  }
  replacePellets(w, pellets);
}

/**
 * Makes `dst` the state of `src`, a live world of the same match (own-ball prediction's scratch
 * world). Equivalent to `restoreInto(dst, snapshot(src))` without the blob: no allocation, no
 * checksum and no validation — `src` is a world the simulation made, not data from outside. The
 * columns are block-copied and the pellet index updated incrementally, as restoreInto does.
 */
export function copyWorldInto(dst: World, src: World): void {
  if (dst.info.fingerprint !== src.info.fingerprint || !sameSettings(dst.settings, src.settings)) throw new SnapshotError('copyWorldInto: worlds of different matches');
  assignState(dst, worldLayout(src).columns, src.pellets.word);
}

/** A staging state whose columns are views into one buffer laid out as a blob's body. */
function makeStage(layout: StateLayout): RestoreStage {
  const body = new Int32Array(layout.words);
  let next = 0;
  const state = allocState((n) => {
    const o = layout.offsets[next++] ?? layout.words;
    return body.subarray(o, o + n);
  });
  const columns = layoutOf(state).columns;
  // allocState makes its columns in COMPONENTS order; a change there must not scramble restores.
  const ok = next === columns.length && columns.every((c, i) => c.length === layout.columns[i]!.length && c.byteOffset === layout.offsets[i]! * 4);
  if (!ok) throw new Error('snapshot: allocState does not make its columns in COMPONENTS order');
  return { body, state, columns };
}

/**
 * Verifies a blob's framing: length, byte order, magic, version, checksum, capacities and the map
 * id's length. Returns the blob as words (a view; a copy when `bytes` is not 4-byte aligned).
 */
function frame(bytes: Uint8Array): Int32Array {
  if (!(bytes instanceof Uint8Array)) throw new SnapshotError('snapshot: not a byte array');
  if (bytes.byteLength < FIXED_HEADER * 4 || bytes.byteLength % 4 !== 0) throw new SnapshotError(`snapshot: bad length ${bytes.byteLength} bytes`);
  // A copy, never slice(): a pooled Node Buffer's slice() is a view at the same odd offset.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  // DETERMINISM: platform byte order; a blob from a big-endian machine fails the magic check below.
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  if (words[0] === BYTE_SWAPPED_MAGIC) throw new SnapshotError('snapshot: written on a big-endian machine (byte order differs)');
  if (words[0] !== SNAPSHOT_MAGIC) throw new SnapshotError('snapshot: not a Ball Brawl snapshot (bad magic)');
  if (words[1] !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot: version ${words[1]}, this build reads ${SNAPSHOT_VERSION}`);
  if (words[2] !== words.length) throw new SnapshotError(`snapshot: truncated or padded (${words.length} words, header says ${words[2]})`);
  if (words[3] !== checksum(words)) throw new SnapshotError('snapshot: checksum mismatch (damaged)');
  if (words[9] !== MAX_CELLS || words[10] !== PELLET_CAPACITY || words[11] !== PATH_CAPACITY || words[12] !== COMPONENTS.length) {
    throw new SnapshotError('snapshot: capacities or component list differ from this build');
  }
  const idLen = words[13]!;
  if (idLen < 0 || idLen > MAX_ID || FIXED_HEADER + idLen > words.length) throw new SnapshotError('snapshot: bad map id length');
  return words;
}

/** The header of a framed blob. */
function headerOf(words: Int32Array): SnapshotHeader {
  const idLen = words[13]!;
  let mapId = '';
  for (let i = 0; i < idLen; i++) mapId += String.fromCharCode(words[FIXED_HEADER + i]! & 0xffff);
  const settings: MatchSettings = { mapId, seed: words[5]! >>> 0, players: words[6]!, lengthFrames: words[7]!, pelletTarget: words[8]!, mode: FREE_FOR_ALL };
  return { version: words[1]!, mapId, mapFingerprint: words[4]! >>> 0, settings };
}

/** Whether a framed blob is of `w`'s match: same map id, map fingerprint and settings (no allocation). */
function sameMatch(words: Int32Array, w: World): boolean {
  const s = w.settings;
  const id = s.mapId;
  if (words[13] !== id.length || words[4]! >>> 0 !== w.info.fingerprint) return false;
  for (let i = 0; i < id.length; i++) if ((words[FIXED_HEADER + i]! & 0xffff) !== id.charCodeAt(i)) return false;
  return words[5]! >>> 0 === s.seed && words[6] === s.players && words[7] === s.lengthFrames && words[8] === s.pelletTarget;
}

function checkMap(h: SnapshotHeader, map: GameMap): void {
  if (h.mapId !== map.id) throw new SnapshotError(`snapshot: of map "${h.mapId}", not "${map.id}"`);
  if (h.mapFingerprint !== mapInfoOf(map).fingerprint) throw new SnapshotError(`snapshot: map "${map.id}" differs from the one it was taken on`);
}

function sameSettings(a: MatchSettings, b: MatchSettings): boolean {
  return a.mapId === b.mapId && a.seed === b.seed && a.players === b.players && a.lengthFrames === b.lengthFrames && a.pelletTarget === b.pelletTarget && sameMode(a.mode, b.mode);
}

/**
 * Checks that every component is present, in order, with its tag and size, and nothing follows;
 * returns the word offset of the body (the first component's tag).
 */
function bodyOf(words: Int32Array, layout: StateLayout): number {
  const body = FIXED_HEADER + words[13]!;
  let o = body;
  for (let k = 0; k < COMPONENTS.length; k++) {
    const name = COMPONENTS[k]!.name;
    const need = layout.sizes[k]!;
    if (o + 2 > words.length || words[o] !== TAGS[k]) throw new SnapshotError(`snapshot: component "${name}" missing or out of order`);
    if (words[o + 1] !== need || o + 2 + need > words.length) throw new SnapshotError(`snapshot: component "${name}" has the wrong size`);
    o += 2 + need;
  }
  if (o !== words.length) throw new SnapshotError('snapshot: trailing data');
  return body;
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
