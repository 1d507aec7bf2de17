/**
 * Pushes a LAN room's peer events onto the net channel as they happen (LanRoom calls it
 * after every datagram batch, tick and page message: no timer of its own). Consecutive 'updates'
 * go out as one message (each KeyUpdate exactly once, in key order, after its start or resume);
 * 'start' becomes a start message; 'resume' (a rejoin or a spectator joining a running match)
 * becomes the room view (names first), a resume with the snapshot as base64, then the updates
 * already held from its key on; both carry the sources of the match's bot trees, which the peer
 * compiled to the start's fingerprint; a tree status change shows in the room view; the
 * events the page opted in to (contract.ts NET_EVENTS) go out as events. Updates of a match the
 * page was not told about yet (a resync whose snapshot is still arriving) wait in the peer and go
 * with its resume. The room view, the advert and the status follow the events; what main
 * itself keeps of them (the stored rejoin token, the owner's colour) is the session's `follow`. Status goes out when the host's word on the stall changes, and at most every
 * STATUS_MS otherwise (the F3 panel's figures); in the lobby and while loading every
 * IDLE_STATUS_MS (it carries the host's silence, which the page shows).
 */
import { SPECTATOR_SLOT } from '../../../core/lockstep';
import type { ClientMatch, ClientPeer, KeyUpdate } from '../../../core/lockstep';
import { isNetEvent } from '../../contract';
import type { NetDown, NetEvent, NetStart } from '../../contract';
import type { HostAdvert } from './HostAdvert';
import type { RoomView, StatusMeter } from './RoomView';

export const STATUS_MS = 100;
/** The status beat in the lobby and while loading. */
export const IDLE_STATUS_MS = 250;

export interface PushedRoom {
  readonly peer: ClientPeer;
  readonly view: RoomView;
  readonly meter: StatusMeter;
  /** The room on LAN discovery while this app hosts it (from the start, or since a takeover). */
  advert: HostAdvert | null;
  /** What main itself keeps of an event the page gets, before it goes (LanRoom: the stored rejoin token, the owner's colour). */
  readonly follow: (e: NetEvent) => void;
  lastPhase: string;
  statusAt: number;
  /** The host's stall word last pushed (JSON), to push a change at once. */
  statusKey: string;
  /** The match the page runs (told by start or resume), its start as the page was told it, and the newest key sent for it. */
  shown: ClientMatch | null;
  started: NetStart | null;
  sentKey: number;
}

export function pushRoom(s: PushedRoom, send: (m: NetDown) => void, now: number, counters: { emittedUpdates: number; unforwarded: number }): void {
  const peer = s.peer;
  let updates: KeyUpdate[] = [];
  const flush = (): void => {
    if (updates.length === 0) return;
    counters.emittedUpdates += updates.length;
    send({ t: 'updates', updates });
    updates = [];
  };
  const take = (list: readonly (KeyUpdate | undefined)[]): void => {
    for (const u of list) {
      if (!u || u.key <= s.sentKey) continue;
      updates.push(u);
      s.sentKey = u.key;
    }
  };
  let touched = false;
  for (const e of peer.events.splice(0)) {
    if (e.t === 'updates') {
      if (s.shown && s.shown === peer.match) take(e.updates);
      else counters.unforwarded++;
      continue;
    }
    flush();
    touched = true;
    s.view.onEvent(e);
    if (e.t === 'start' || e.t === 'resume') {
      const m = e.match;
      const start = { start: m.start, slot: peer.slot, player: e.t === 'start' ? m.player : peer.slot !== SPECTATOR_SLOT, lastKey: m.lastKey, trees: [...e.trees.sources] };
      s.shown = m;
      s.started = start;
      s.sentKey = (e.t === 'start' ? 0 : e.key) - 1;
      s.statusAt = 0;
      if (e.t === 'start') send({ t: 'start', start });
      else {
        // The roster's names and colours come with the session: the page reads them at resume.
        const v = s.view.changed();
        if (v) send({ t: 'session', session: v });
        send({ t: 'resume', resume: { start, fromKey: e.key, snapshot: e.snapshot ? Buffer.from(e.snapshot).toString('base64') : null } });
        take(m.updates.slice(e.key));
      }
      continue;
    }
    // Only what the page opted in to (the room view carries the trees' status; an election is the LockstepNode's).
    if (!isNetEvent(e)) continue;
    s.follow(e);
    send({ t: 'event', event: e });
  }
  flush();
  if (touched || peer.phase !== s.lastPhase || s.view.refusedDue(now)) {
    s.lastPhase = peer.phase;
    const v = s.view.changed();
    if (v) send({ t: 'session', session: v });
    // Players, slots and the phase change with events: the LAN advert follows them.
    s.advert?.refresh();
  }
  pushStatus(s, send, now);
}

/**
 * A page takes the room back (it was reopened or reloaded): what is pending goes first, then
 * `attached`, the whole room view (the page has none), and in a running match a resume from
 * `from` (a key-frame snapshot; null: from key 0, a fresh game) with the updates held from its key
 * on. False, and nothing sent, when the match cannot be rebuilt: it was joined running (no update
 * before its snapshot key is held) and no snapshot is at hand.
 */
export function pushAttached(s: PushedRoom, send: (m: NetDown) => void, now: number, counters: { emittedUpdates: number; unforwarded: number }, from: { readonly key: number; readonly bytes: Uint8Array } | null): boolean {
  const m = s.peer.match;
  const running = s.peer.phase === 'running' && m !== null && s.shown === m && s.started !== null;
  const fromKey = from?.key ?? 0;
  if (running && fromKey < m.baseKey) return false;
  pushRoom(s, send, now, counters);
  send({ t: 'attached' });
  send({ t: 'session', session: s.view.view() });
  if (running) {
    send({ t: 'resume', resume: { start: s.started!, fromKey, snapshot: from ? Buffer.from(from.bytes).toString('base64') : null } });
    const updates = m.updates.slice(fromKey).filter((u) => u !== undefined);
    s.sentKey = updates.length > 0 ? updates[updates.length - 1]!.key : fromKey - 1;
    counters.emittedUpdates += updates.length;
    if (updates.length > 0) send({ t: 'updates', updates });
  }
  s.statusAt = 0;
  pushStatus(s, send, now);
  return true;
}

function pushStatus(s: PushedRoom, send: (m: NetDown) => void, now: number): void {
  const peer = s.peer;
  const running = peer.phase === 'running' && peer.match !== null;
  // Outside the match the status only carries the host's silence (the lobby's banner, the
  // loading screen's dialog): a slower beat is enough.
  if (!running && peer.phase !== 'lobby' && peer.phase !== 'loading') return;
  const key = running && peer.status ? JSON.stringify(peer.status) : '';
  if (key === s.statusKey && now - s.statusAt < (running ? STATUS_MS : IDLE_STATUS_MS)) return;
  s.statusKey = key;
  s.statusAt = now;
  send({ t: 'status', status: s.meter.sample(now) });
}
