/**
 * One drain of a LAN session's peer events onto the bridge (LanSession calls it every PUMP_MS).
 * Consecutive 'updates' are batched into one net:updates (each KeyUpdate exactly once, in key
 * order, after its net:start or net:resume); 'start' becomes net:start; 'resume' (a rejoin or a
 * spectator joining a running match) becomes net:resume with the snapshot as base64, followed by
 * the updates already held from its key on; every other event goes out as net:event. Updates of a
 * match the renderer was not told about yet (a resync whose snapshot is still arriving) are held
 * by the peer and sent with its resume. The session view, the advert, the status and the stored
 * rejoin token follow the events.
 */
import type { ClientMatch } from '../../../core/lockstep';
import type { ClientPeer, PeerEvent } from '../../../core/lockstep';
import { RejectReason, SPECTATOR_SLOT } from '../../../core/lockstep';
import type { KeyUpdate } from '../../../core/lockstep';
import type { BridgeEvents, EventChannel } from '../../contract';
import type { HostAdvert } from './HostAdvert';
import type { SessionView, StatusMeter } from './SessionView';

export const STATUS_MS = 100;

export interface PumpSession {
  readonly peer: ClientPeer;
  readonly view: SessionView;
  readonly meter: StatusMeter;
  readonly advert: HostAdvert | null;
  /** The owner's colour, sent once the host accepted the owner. */
  colour: number | null;
  lastPhase: string;
  statusAt: number;
  /** The match the renderer runs (told by net:start or net:resume), and the newest key sent for it. */
  shown: ClientMatch | null;
  sentKey: number;
  /** Where this app's rejoin token is kept (a joined player's session only). */
  readonly tokens: { set(token: number): void; remove(): void } | null;
}

export type Emit = <E extends EventChannel>(channel: E, payload: BridgeEvents[E]) => void;

export function pumpSession(s: PumpSession, emit: Emit, now: number, counters: { emittedUpdates: number; unforwarded: number }): void {
  const peer = s.peer;
  let updates: KeyUpdate[] = [];
  const flush = (): void => {
    if (updates.length === 0) return;
    counters.emittedUpdates += updates.length;
    emit('net:updates', { updates });
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
      const start = { start: m.start, slot: peer.slot, player: e.t === 'start' ? m.player : peer.slot !== SPECTATOR_SLOT, lastKey: m.lastKey };
      s.shown = m;
      s.sentKey = (e.t === 'start' ? 0 : e.key) - 1;
      s.statusAt = 0;
      if (e.t === 'start') emit('net:start', start);
      else {
        // The roster's names and colours come with the session: the renderer reads them at resume.
        const v = s.view.changed();
        if (v) emit('net:session', v);
        emit('net:resume', { start, fromKey: e.key, snapshot: e.snapshot ? Buffer.from(e.snapshot).toString('base64') : null });
        take(m.updates.slice(e.key));
      }
      continue;
    }
    token(s, e);
    if (e.t === 'accepted' && s.colour !== null) {
      peer.setColour(s.colour);
      s.colour = null;
    }
    emit('net:event', e);
  }
  flush();
  if (touched || peer.phase !== s.lastPhase) {
    s.lastPhase = peer.phase;
    const v = s.view.changed();
    if (v) emit('net:session', v);
  }
  if (now - s.statusAt < STATUS_MS) return;
  s.statusAt = now;
  s.advert?.refresh();
  if (peer.phase === 'running' && peer.match) emit('net:status', s.meter.sample(now));
}

/** The stored token lives from the ACCEPT to the match's end (or until the host forgets it). */
function token(s: PumpSession, e: Exclude<PeerEvent, { t: 'updates' | 'start' | 'resume' }>): void {
  const t = s.tokens;
  if (!t) return;
  if (e.t === 'accepted' && s.peer.sessionToken !== 0) t.set(s.peer.sessionToken);
  else if (e.t === 'end' || e.t === 'kicked' || (e.t === 'rejected' && e.reason === RejectReason.UnknownToken)) t.remove();
}
