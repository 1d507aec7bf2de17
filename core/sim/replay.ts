/**
 * Replays: a JSON-able input log (settings + every frame's input changes) and a runner that plays
 * it and returns the hash of every frame. Pure core: the same log gives the same hashes in Node
 * and in a browser, which is how cross-engine determinism is proven.
 *
 * Log format (version 2, cells that split and eject; version 1 logs had a dash and are refused):
 * inputs are tuples [frame, slot, move, angle, targetX, targetY, actions] with the fields of
 * input.ts's PlayerInput (actions: split 1 | eject 2), sorted by frame then slot; the inputs of
 * frame f are applied by the step that advances frame f to f + 1.
 */
import type { GameMap } from '../map';
import type { MoveMode, SlotInput } from './input';
import { createWorld } from './createWorld';
import type { SimEvents } from './events';
import { hashWorld } from './hash';
import { mapInfoOf } from './mapInfo';
import { step } from './step';
import type { MatchOptions, World } from './World';

export const REPLAY_FORMAT = 'ball-brawl-replay';
export const REPLAY_VERSION = 2;

/** [frame, slot, move, angle, targetX, targetY, actions (split 1 | eject 2)]. */
export type InputTuple = readonly [number, number, number, number, number, number, number];

export interface ReplayLog {
  readonly format: typeof REPLAY_FORMAT;
  readonly version: typeof REPLAY_VERSION;
  readonly mapId: string;
  readonly options: MatchOptions;
  /** Frames to play. */
  readonly frames: number;
  readonly inputs: readonly InputTuple[];
  /** Optional: fingerprint (mapSimHash) of the map it was recorded on; checked when present. */
  readonly mapFingerprint?: number;
  /** Optional: the expected hash after the last frame (uint32), for golden files. */
  readonly finalHash?: number;
}

/** Called after each replayed step with the frame just reached and its hash. */
export type ReplayFrameCallback = (world: World, frame: number, hash: number, events: SimEvents) => void;

/** Checks that `value` is a well-formed ReplayLog (throws an Error saying what is wrong). */
export function validateReplayLog(value: unknown): ReplayLog {
  const log = value as Partial<ReplayLog> | null;
  if (typeof log !== 'object' || log === null || log.format !== REPLAY_FORMAT) throw new Error('replay: not a Ball Brawl replay log');
  if (log.version !== REPLAY_VERSION) throw new Error(`replay: version ${String(log.version)}, this build plays version ${REPLAY_VERSION}`);
  if (typeof log.mapId !== 'string' || typeof log.options !== 'object' || log.options === null) throw new Error('replay: missing mapId or options');
  if (!Number.isInteger(log.frames) || (log.frames ?? -1) < 0) throw new Error('replay: bad frame count');
  if (!Array.isArray(log.inputs)) throw new Error('replay: inputs must be an array');
  let prev = -1;
  for (const t of log.inputs as unknown[]) {
    if (!Array.isArray(t) || t.length !== 7 || !t.every((v) => Number.isInteger(v))) throw new Error('replay: bad input tuple');
    const f = t[0] as number;
    if (f < prev) throw new Error('replay: inputs not sorted by frame');
    prev = f;
  }
  return log as ReplayLog;
}

/** A tuple for `input` at `frame`. */
export function toTuple(frame: number, s: SlotInput): InputTuple {
  const i = s.input;
  return [frame, s.slot, i.move, i.angle, i.targetX, i.targetY, (i.split ? 1 : 0) | (i.eject ? 2 : 0)];
}

/** The SlotInput a tuple describes. */
export function fromTuple(t: InputTuple): SlotInput {
  return { slot: t[1], input: { move: t[2] as MoveMode, angle: t[3], targetX: t[4], targetY: t[5], split: (t[6] & 1) !== 0, eject: (t[6] & 2) !== 0 } };
}

/**
 * Plays `log` on `map` from frame 0 and returns the world hash after every frame
 * (hashes[f] = hash after f + 1 steps). Throws if the log is malformed or names another map.
 */
export function runReplay(log: ReplayLog, map: GameMap, onFrame?: ReplayFrameCallback): Uint32Array {
  validateReplayLog(log);
  if (log.mapId !== map.id) throw new Error(`replay: recorded on map "${log.mapId}", given "${map.id}"`);
  if (log.mapFingerprint !== undefined && log.mapFingerprint !== mapInfoOf(map).fingerprint) {
    throw new Error(`replay: map "${map.id}" has changed since the log was recorded (fingerprint ${mapInfoOf(map).fingerprint}, log ${log.mapFingerprint})`);
  }
  const w = createWorld(map, log.options);
  const hashes = new Uint32Array(log.frames);
  const frameInputs: SlotInput[] = [];
  let next = 0;
  for (let f = 0; f < log.frames; f++) {
    frameInputs.length = 0;
    while (next < log.inputs.length && log.inputs[next]![0] < f) next++;
    while (next < log.inputs.length && log.inputs[next]![0] === f) frameInputs.push(fromTuple(log.inputs[next++]!));
    const events = step(w, frameInputs);
    const h = hashWorld(w);
    hashes[f] = h;
    onFrame?.(w, f + 1, h, events);
  }
  return hashes;
}
