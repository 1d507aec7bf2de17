/**
 * Plays a parsed replay: rebuilds the match from its header (MatchRunner: the same adapter the
 * match ran), steps it with the recorded inputs and slot events, checks every recorded hash as it
 * passes it (the first difference is kept in `mismatch`), and seeks to any frame by restoring the
 * nearest earlier snapshot and stepping from there.
 * Units: frames (logic frames from 0), keys (frame / keyInterval).
 */
import type { BotBrains } from '../ai';
import type { GameMap } from '../map';
import { mapInfoOf, type SimEvents, type SlotInput } from '../sim';
import { MatchRunner } from '../match';
import type { KeyRecord, ParsedReplay } from './ReplayReader';
import { ReplayError } from './ReplayError';

/** A recorded hash that the re-simulation did not reproduce. */
export interface HashMismatch {
  readonly key: number;
  readonly frame: number;
  readonly expected: number;
  readonly actual: number;
}

const NONE: readonly SlotInput[] = [];

/**
 * Refuses a map or bot trees other than the recording's, with a sentence saying which.
 * @throws ReplayError('mismatch')
 */
export function checkReplayInputs(replay: ParsedReplay, map: GameMap, brains: BotBrains): void {
  const h = replay.header;
  if (map.id !== h.mapId) throw new ReplayError('mismatch', `recorded on map "${h.mapId}", given "${map.id}"`);
  const fp = mapInfoOf(map).fingerprint;
  if (fp !== h.mapFingerprint) throw new ReplayError('mismatch', `map "${h.mapId}" has changed since the recording (fingerprint ${fp}, recorded ${h.mapFingerprint})`);
  if (brains.fingerprint !== h.brains) throw new ReplayError('mismatch', `the bot behavior trees differ from the recording's (fingerprint ${brains.fingerprint}, recorded ${h.brains})`);
}

export class ReplayPlayer {
  readonly runner: MatchRunner;
  /** Frames the recording covers: the player stops there. */
  readonly endFrames: number;
  /** The first recorded hash not reproduced (null while all matched). */
  mismatch: HashMismatch | null = null;
  /** Recorded hashes checked so far. */
  checked = 0;
  /** Index of the next record (records[next].key ≥ the next key to begin). */
  private next = 0;
  /** The frame-0 state (the file has no snapshot before the first 10 s). */
  private readonly initial: Uint8Array;

  constructor(
    readonly replay: ParsedReplay,
    map: GameMap,
    brains: BotBrains,
  ) {
    checkReplayInputs(replay, map, brains);
    const h = replay.header;
    this.runner = new MatchRunner(map, { seed: h.seed, lengthFrames: h.lengthFrames, pelletTarget: h.pelletTarget, roster: h.roster, ...(h.teams !== undefined ? { teams: h.teams } : {}), ...(h.lastStanding ? { lastStanding: true } : {}) }, brains);
    this.endFrames = replay.footer.frames;
    this.initial = this.runner.snapshot();
  }

  get frame(): number {
    return this.runner.world.frame;
  }

  get keyInterval(): number {
    return this.replay.header.keyInterval;
  }

  /** True when the recording has no frame left. */
  get atEnd(): boolean {
    return this.frame >= this.endFrames;
  }

  /** Runs one logic frame (no-op at the end). */
  stepFrame(): SimEvents | null {
    if (this.atEnd) return null;
    const f = this.frame;
    const I = this.keyInterval;
    if (f % I !== 0) return this.runner.step(NONE);
    const key = f / I;
    const records = this.replay.records;
    while (this.next < records.length && records[this.next]!.key < key) this.next++;
    const r: KeyRecord | undefined = records[this.next];
    if (r === undefined || r.key !== key) return this.runner.step(NONE);
    this.next++;
    if (r.hash !== null) this.verify(key, r.hash);
    if (r.events.length > 0) this.runner.applyEvents(r.events);
    return this.runner.step(r.inputs);
  }

  /** Plays to the end; true when every recorded hash and the final hash matched. */
  playToEnd(): boolean {
    while (!this.atEnd) this.stepFrame();
    this.verifyFinal();
    return this.mismatch === null;
  }

  /** Checks the end record's hash (call at the end). */
  verifyFinal(): void {
    if (this.atEnd && this.frame === this.endFrames) this.verify(-1, this.replay.footer.hash);
  }

  /**
   * Moves to `frame` (clamped to 0..endFrames): from the nearest snapshot at or before it — or
   * from here when that is closer — stepping the rest. Hash checks continue from there.
   */
  seek(frame: number): void {
    const target = Math.max(0, Math.min(this.endFrames, Math.floor(frame)));
    const I = this.keyInterval;
    const snaps = this.replay.snapshots;
    let best = -1;
    for (let i = 0; i < snaps.length; i++) if (snaps[i]!.key * I <= target) best = i;
    const snapFrame = best >= 0 ? snaps[best]!.key * I : 0;
    if (target < this.frame || snapFrame > this.frame) {
      const snap = best >= 0 ? snaps[best]! : null;
      this.runner.restore(snap ? snap.bytes : this.initial);
      this.next = this.firstRecordAt(Math.ceil(this.frame / I));
      if (snap) this.verify(snap.key, snap.hash);
    }
    while (this.frame < target) this.stepFrame();
  }

  private firstRecordAt(key: number): number {
    const r = this.replay.records;
    let lo = 0;
    let hi = r.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (r[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private verify(key: number, expected: number): void {
    const actual = this.runner.hash();
    this.checked++;
    if (actual !== expected >>> 0 && this.mismatch === null) this.mismatch = { key, frame: this.frame, expected: expected >>> 0, actual };
  }
}
