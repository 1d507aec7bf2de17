/**
 * The room's lobby table on the host: settings and the slot list (open, closed, human, bot), with
 * the host-only edits and their validation. No sessions or sending here: HostAuthority calls these
 * and broadcasts the result.
 * Invariants: `slots.length === settings.maxSlots`; a human slot belongs to exactly one session;
 * settings are always within their bounds (clamped, never rejected as a whole); in a team room
 * every slot's team is below settings.teams (a player or bot taking a slot joins the smallest team).
 */
import { DEFAULT_SETTINGS, MAX_DIFFICULTY, MAX_KEY_INTERVAL, MAX_SLOTS, MAX_TEAMS, MIN_KEY_INTERVAL, SlotKind } from '../types';
import type { LobbySlot, RoomSettings } from '../types';

const OPEN: LobbySlot = Object.freeze({ kind: SlotKind.Open, difficulty: 0, colour: 0, ready: false, name: '', team: 0 });

function clamp(v: number, lo: number, hi: number): number {
  const i = Number.isFinite(v) ? Math.trunc(v) : lo;
  return i < lo ? lo : i > hi ? hi : i;
}

/** Settings with every field brought into its bounds. */
export function sanitizeSettings(s: Partial<RoomSettings>, base: RoomSettings = DEFAULT_SETTINGS): RoomSettings {
  const m = { ...base, ...s };
  const force = clamp(m.forceDropSeconds, 1, 255);
  return {
    roomName: (m.roomName || base.roomName).slice(0, 32),
    map: (m.map || base.map).slice(0, 64),
    matchSeconds: clamp(m.matchSeconds, 1, 65535),
    keyInterval: clamp(m.keyInterval, MIN_KEY_INTERVAL, MAX_KEY_INTERVAL),
    maxSlots: clamp(m.maxSlots, 1, MAX_SLOTS),
    dropVoteSeconds: clamp(m.dropVoteSeconds, 0, force),
    forceDropSeconds: force,
    loadTimeoutSeconds: clamp(m.loadTimeoutSeconds, 1, 255),
    teams: m.teams === 0 ? 0 : clamp(m.teams, 2, MAX_TEAMS),
    lastStanding: m.lastStanding === true,
  };
}

export class HostLobby {
  settings: RoomSettings;
  slots: LobbySlot[];

  constructor(settings: Partial<RoomSettings> = {}) {
    this.settings = sanitizeSettings(settings);
    this.slots = Array.from({ length: this.settings.maxSlots }, () => OPEN);
  }

  /** Lowest open slot, or -1 when the room is full. */
  openSlot(): number {
    return this.slots.findIndex((s) => s.kind === SlotKind.Open);
  }

  /** Number of human slots taken. */
  humans(): number {
    return this.slots.filter((s) => s.kind === SlotKind.Human).length;
  }

  /** First palette colour no human or bot uses, preferring `wish`. */
  freeColour(wish: number, except = -1): number {
    const used = new Set(this.slots.filter((s, i) => i !== except && s.kind >= SlotKind.Human).map((s) => s.colour));
    if (!used.has(wish)) return wish;
    for (let c = 0; c < 256; c++) if (!used.has(c)) return c;
    return wish;
  }

  /** The team with the fewest players and bots (lowest number first); 0 in free-for-all. */
  smallestTeam(except = -1): number {
    const n = this.settings.teams;
    if (n === 0) return 0;
    const count = new Array<number>(n).fill(0);
    this.slots.forEach((s, i) => {
      if (i !== except && s.kind >= SlotKind.Human && s.team < n) count[s.team]!++;
    });
    return count.indexOf(Math.min(...count));
  }

  takeHuman(slot: number, name: string, colour: number): void {
    this.slots[slot] = { kind: SlotKind.Human, difficulty: 0, colour: this.freeColour(colour), ready: false, name, team: this.smallestTeam(slot) };
  }

  /** Puts a player or bot on `team`; false when the room has no teams, or the slot no one in it. */
  setTeam(slot: number, team: number): boolean {
    const cur = this.slots[slot];
    if (!cur || cur.kind < SlotKind.Human || !Number.isInteger(team) || team < 0 || team >= this.settings.teams) return false;
    this.slots[slot] = { ...cur, team };
    return true;
  }

  free(slot: number): void {
    if (slot >= 0 && slot < this.slots.length) this.slots[slot] = OPEN;
  }

  /** Edits a non-human slot (open, closed or bot with a difficulty); false when not allowed. */
  setSlot(slot: number, kind: SlotKind, difficulty: number): boolean {
    const cur = this.slots[slot];
    if (!cur || cur.kind === SlotKind.Human || kind === SlotKind.Human) return false;
    if (kind === SlotKind.Bot) {
      if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > MAX_DIFFICULTY) return false;
      const team = cur.kind === SlotKind.Bot ? cur.team : this.smallestTeam(slot);
      this.slots[slot] = { kind, difficulty, colour: this.freeColour(slot, slot), ready: true, name: `Bot ${slot + 1}`, team };
    } else {
      this.slots[slot] = { ...OPEN, kind };
    }
    return true;
  }

  /** A human's own edits: ready flag and colour (only a free colour is taken). */
  setReady(slot: number, ready: boolean): void {
    const cur = this.slots[slot];
    if (cur?.kind === SlotKind.Human) this.slots[slot] = { ...cur, ready };
  }

  setColour(slot: number, colour: number): boolean {
    const cur = this.slots[slot];
    if (cur?.kind !== SlotKind.Human || this.freeColour(colour, slot) !== colour) return false;
    this.slots[slot] = { ...cur, colour };
    return true;
  }

  /**
   * Applies new settings. The slot count never drops below the highest human slot + 1; slots
   * added are open, slots removed were not human.
   */
  setSettings(patch: Partial<RoomSettings>): void {
    let highestHuman = -1;
    this.slots.forEach((s, i) => {
      if (s.kind === SlotKind.Human) highestHuman = i;
    });
    const next = sanitizeSettings(patch, this.settings);
    const maxSlots = Math.max(next.maxSlots, highestHuman + 1);
    const teamsBefore = this.settings.teams;
    this.settings = { ...next, maxSlots };
    while (this.slots.length < maxSlots) this.slots.push(OPEN);
    this.slots.length = maxSlots;
    // A new team count deals the players and bots out again, in slot order (the host moves them after).
    if (next.teams !== teamsBefore) {
      let k = 0;
      this.slots = this.slots.map((s) => (s.kind >= SlotKind.Human ? { ...s, team: next.teams === 0 ? 0 : k++ % next.teams } : s));
    }
  }

  /** Clears ready flags (after a match). */
  unready(): void {
    this.slots = this.slots.map((s) => (s.kind === SlotKind.Human ? { ...s, ready: false } : s));
  }
}
