/**
 * A player's (or spectator's) side of the lockstep protocol, as the game and the UI use it: the
 * local intent, confirmed updates for the game loop (`beginKey`/`finish`, LockstepPort), what the
 * wait dialog shows, and the lobby / vote / pause / chat requests. The host's own player uses this
 * class too, over an in-process loopback. The network half is ClientSession.
 */
import type { PlayerInput } from '../../sim/input';
import { ClientResync } from './ClientResync';
import { WAIT_DIALOG_GRACE_MS } from './ClientSession';
import type { StallView } from './ClientSession';
import { delayKeys } from '../types';
import type { KeyUpdate, RoomSettings, SlotKind } from '../types';

export { EARLY_TOLERANCE_MS, JOIN_RETRY_MS, JOIN_TIMEOUT_MS, WAIT_DIALOG_GRACE_MS } from './ClientSession';
export type { ClientOptions, PeerEvent, PeerPhase, StallView } from './ClientSession';

export class ClientPeer extends ClientResync {
  /** The local player's current intent (persistent; a dash fires once). */
  setIntent(input: PlayerInput): void {
    this.match?.setIntent(input);
  }

  /** The confirmed update for `key`, if it has arrived. */
  update(key: number): KeyUpdate | undefined {
    return this.match?.updates[key];
  }

  /**
   * The game loop begins key `key` (its update must have arrived) with the state hash taken
   * before applying it. The hash rides on my next closure frame (a spectator sends it now).
   */
  beginKey(now: number, key: number, hashBefore: number): KeyUpdate {
    const m = this.match;
    if (!m) throw new Error('ClientPeer.beginKey: no match'); // game-loop bug, never data
    const u = m.begin(now, key, hashBefore);
    this.blockedSince = null;
    const margin = delayKeys(m.delay, m.keyMs) + 1;
    if (m.awaitingLive && m.recvKey - key <= margin) {
      // Caught up after joining late: the host may now hand my slot back (or count my hashes).
      m.awaitingLive = false;
      this.control({ t: 'live', key });
    }
    if (m.player) this.closeAndSend(now);
    // While fast-forwarding a backlog one frame per key would be a burst: the latest hash will do.
    else if (m.recvKey - key <= margin + 1 || now - this.lastSentAt >= 20) this.sendFrame(now);
    return u;
  }

  /** The game finished the last key: report the final state hash (as the hash "before" lastKey + 1). */
  finish(now: number, hash: number): void {
    const m = this.match;
    if (!m) return;
    m.hash = { key: m.lastKey + 1, hash: hash >>> 0 };
    m.execKey = m.lastKey + 1;
    this.sendFrame(now);
  }

  /** The game loop wants key `key` but its update has not arrived. */
  noteBlocked(now: number): void {
    if (this.blockedSince === null) this.blockedSince = now;
  }

  /** What the wait dialog should show now. */
  stall(now: number): StallView {
    const blockedMs = this.blockedSince === null ? 0 : now - this.blockedSince;
    return { blockedMs, show: blockedMs >= WAIT_DIALOG_GRACE_MS, status: this.status, hostSilentMs: now - this.lastHeardAt };
  }

  chat(text: string): void { this.control({ t: 'chat', text }); }

  setReady(ready: boolean): void { this.control({ t: 'ready', ready }); }

  setColour(colour: number): void { this.control({ t: 'colour', colour }); }

  loadProgress(percent: number): void { this.control({ t: 'progress', percent }); }

  voteDrop(slot: number): void { this.control({ t: 'vote', slot }); }

  requestPause(pause: boolean): void { this.control({ t: 'pause', pause }); }

  sendSubhashes(key: number, hashes: readonly number[]): void { this.control({ t: 'subhash', key, hashes }); }

  /** Room owner only (the host ignores and counts these from anyone else). */
  configure(settings: RoomSettings): void { this.control({ t: 'setSettings', settings }); }

  setSlot(slot: number, kind: SlotKind, difficulty: number): void { this.control({ t: 'setSlot', slot, kind, difficulty }); }

  kick(slot: number): void { this.control({ t: 'kick', slot }); }

  startMatch(): void { this.control({ t: 'start' }); }

  /** Leaves the room (sent at once; the host drops our slot to a bot if a match runs). */
  leave(now: number): void {
    this.control({ t: 'leave' });
    if (this.connected) this.sendFrame(now);
    this.phase = 'left';
  }
}
