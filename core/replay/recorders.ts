/**
 * Recording a match as it runs. `RecordingMatch` is a MatchRunner that writes what it is fed
 * (offline matches run on it). `LockstepRecorder` sits beside a lockstep game (SimGame, whose
 * model MatchRunner reproduces) and is told each key as it begins. Both end with `finish`, which
 * also serves a player leaving mid-match: the end record then says the match did not finish.
 */
import type { BotBrains } from '../ai';
import type { GameMap } from '../map';
import { matchSpecOf, SlotKind, type KeyUpdate, type MatchStart } from '../lockstep';
import { FRAME_RATE, mapInfoOf, scoreboard, type SlotInput, type World } from '../sim';
import { normalizeInputForReplay } from './format';
import { HEX_COLOUR, MAX_HEADER_TEXT, type ReplayHeader, type ReplaySource, type RosterEntry } from './header';
import { MatchRunner, type ControlEvent, type MatchSpec } from '../match';
import { ReplayWriter } from './ReplayWriter';

/** Hash cadence: about once a second of game time. */
export const HASH_SECONDS = 1;
/** Snapshot cadence (seek granularity): every 10 s of game time. */
export const SNAPSHOT_SECONDS = 10;

/** What a header needs besides the match spec. */
export interface RecordingInfo {
  readonly appVersion: string;
  readonly protocolVersion: number;
  /** ISO date (core reads no clock). */
  readonly date: string;
  readonly map: GameMap;
  readonly brains: BotBrains;
}

/** A header with the standard cadences for `keyInterval`. */
export function replayHeader(info: RecordingInfo, source: ReplaySource, spec: MatchSpec & { readonly roster: readonly RosterEntry[] }, keyInterval: number): ReplayHeader {
  return {
    appVersion: info.appVersion,
    protocolVersion: info.protocolVersion,
    date: info.date,
    source,
    mapId: info.map.id,
    mapName: info.map.name.slice(0, MAX_HEADER_TEXT),
    mapFingerprint: mapInfoOf(info.map).fingerprint,
    seed: spec.seed >>> 0,
    lengthFrames: spec.lengthFrames,
    pelletTarget: spec.pelletTarget,
    keyInterval,
    hashEvery: Math.max(1, Math.round((HASH_SECONDS * FRAME_RATE) / keyInterval)),
    snapshotEvery: Math.max(1, Math.round((SNAPSHOT_SECONDS * FRAME_RATE) / keyInterval)),
    brains: info.brains.fingerprint,
    // Whatever the caller's names and colours, the header stays valid (a bad one would fail the save).
    roster: (spec.roster as readonly RosterEntry[]).map(({ team, ...r }) => ({
      ...r,
      name: r.name.slice(0, MAX_HEADER_TEXT),
      colour: HEX_COLOUR.test(r.colour) ? r.colour : '#888888',
      ...(spec.teams ? { team: team ?? 0 } : {}),
    })),
    // Absent in free-for-all with respawn: such a file is byte for byte as before the modes.
    ...(spec.teams ? { teams: spec.teams } : {}),
    ...(spec.lastStanding === true ? { lastStanding: true } : {}),
  };
}

/** The roster slot of the leader, when the match ended. */
function winnerOf(world: World, roster: readonly RosterEntry[], complete: boolean): number | null {
  if (!complete) return null;
  const top = scoreboard(world)[0];
  return top === undefined ? null : (roster[top.slot]?.slot ?? null);
}

const NO_EVENTS: readonly ControlEvent[] = [];

/** An offline match (key interval 1: a human input lands on the frame it was made) that records itself. */
export class RecordingMatch extends MatchRunner {
  readonly writer: ReplayWriter;
  private readonly recorded: SlotInput[] = [];

  constructor(info: RecordingInfo, spec: MatchSpec & { readonly roster: readonly RosterEntry[] }) {
    super(info.map, spec, info.brains);
    // The header holds the values createWorld kept (it clamps), so a replay rebuilds this world.
    const s = this.world.settings;
    const kept = { ...spec, seed: s.seed, lengthFrames: s.lengthFrames, pelletTarget: spec.pelletTarget === null ? null : s.pelletTarget };
    this.writer = new ReplayWriter(replayHeader(info, 'offline', kept, 1));
  }

  /** One frame with the human input changes of `inputs` (ascending slot), recorded first. */
  override step(inputs: readonly SlotInput[], events: readonly ControlEvent[] = NO_EVENTS) {
    const key = this.world.frame;
    const w = this.writer;
    if (w.wantsSnapshot(key)) w.snapshot(key, this.snapshot(), this.hash());
    const rec = this.recorded;
    rec.length = 0;
    for (const i of inputs) rec.push({ slot: i.slot, input: normalizeInputForReplay(i.input) });
    w.key(key, rec, events, w.wantsHash(key) ? this.hash() : undefined);
    if (events.length > 0) this.applyEvents(events);
    return super.step(rec);
  }

  /** The file: complete when the match reached its end, else partial (the player left). */
  finish(): Uint8Array {
    const complete = this.world.ended;
    const roster = this.writer.header.roster;
    return this.writer.finish({ frames: this.world.frame, hash: this.hash(), complete, winner: winnerOf(this.world, roster, complete) }, this.world.frame);
  }
}

/** The roster of a lockstep match: MatchStart's slots with the names and colours shown. */
export function lockstepRoster(start: MatchStart, players: readonly { readonly slot: number; readonly name: string; readonly colour: string }[]): RosterEntry[] {
  return [...start.slots]
    .sort((a, b) => a.slot - b.slot)
    .map((s) => {
      const p = players.find((q) => q.slot === s.slot);
      const entry = { slot: s.slot, name: p?.name ?? `#${s.slot}`, colour: p?.colour ?? '#888888', bot: s.kind === SlotKind.Bot, difficulty: Math.max(0, Math.min(3, s.difficulty)) };
      return start.settings.teams !== 0 ? { ...entry, team: s.team } : entry;
    });
}

/**
 * Records a lockstep match. Call `key(key, update, hashBefore)` for every key, in order, once its
 * KeyUpdate is known and BEFORE its slot events are applied or its first frame stepped (e.g.
 * wrapping LockstepPort.beginKey, which receives exactly that hash). `game` gives the snapshot
 * of that same state (SimGame.snapshot). `finish` at the end or when leaving.
 */
export class LockstepRecorder {
  readonly writer: ReplayWriter;
  private keys = 0;
  private readonly slots: ReadonlySet<number>;

  constructor(
    info: RecordingInfo,
    start: MatchStart,
    players: readonly { readonly slot: number; readonly name: string; readonly colour: string }[],
    private readonly game: { snapshot(): Uint8Array },
  ) {
    const I = start.settings.keyInterval;
    const spec = { ...matchSpecOf(start), roster: lockstepRoster(start, players) };
    this.writer = new ReplayWriter(replayHeader(info, 'lockstep', spec, I));
    this.slots = new Set(spec.roster.map((r) => r.slot));
  }

  key(key: number, update: KeyUpdate, hashBefore: number): void {
    const w = this.writer;
    if (w.wantsSnapshot(key)) w.snapshot(key, this.game.snapshot(), hashBefore);
    // Only the roster's slots exist in the match (SimGame ignores the others too).
    const inputs = update.inputs.every((i) => this.slots.has(i.slot)) ? update.inputs : update.inputs.filter((i) => this.slots.has(i.slot));
    const events = update.events.filter((e) => this.slots.has(e.slot));
    w.key(key, inputs, events, hashBefore);
    this.keys = Math.max(this.keys, key + 1);
  }

  /**
   * The file. `frames` run so far, `hash` the game's hash after them, `world` for the winner
   * (its ball order is the roster's), `complete` whether the match reached its end.
   */
  finish(frames: number, hash: number, world: World, complete: boolean): Uint8Array {
    return this.writer.finish({ frames, hash, complete, winner: winnerOf(world, this.writer.header.roster, complete) }, this.keys);
  }
}
