/**
 * A player's (or spectator's) side of the lockstep protocol, as the game and the UI use it: the
 * local intent, confirmed updates for the game loop (`beginKey`/`finish`: a loop's LoopPeer), what
 * the wait dialog shows, and the lobby / vote / pause / chat requests. The host's own player uses
 * this class too, over an in-process loopback. Bytes in, bytes out, time in; no socket, no timer.
 * Composed of parts sharing one ClientState: ClientUplink (what goes to the host), ClientInbox
 * (what comes from it), ClientResync (joining a running match), ClientTrees (the bot trees the
 * match runs: the host's, received when mine differ; they gate loading's 100 % and the start),
 * ClientSuccession (a new host when the host is gone). Events queue in `events`; the driver
 * drains them after each call (its node calls back after every datagram batch and timer step).
 */
import type { PlayerInput } from '../../sim';
import type { HostStatus, KeyUpdate, LobbySlot, RoomSettings, SlotKind } from '../types';
import { SPECTATOR_SLOT } from '../types';
import type { ClientMatch } from './ClientMatch';
import { ClientInbox } from './ClientInbox';
import { ClientResync } from './ClientResync';
import { defaultTreeSet } from '../../ai';
import { ClientState } from './ClientState';
import type { ClientOptions, PeerEvent, PeerPhase, PeerStats } from './ClientState';
import { ClientTrees } from './ClientTrees';
import type { TreeStatus } from './ClientState';
import { ClientSuccession } from './ClientSuccession';
import { ClientUplink } from './ClientUplink';
import { readHeader } from '../../net';
import { LockstepType } from '../wire';

export const WAIT_DIALOG_GRACE_MS = 500;
/** A listening peer that read no group frame for this long is on unicast (ClientPeer.framesBy). */
export const GROUP_QUIET_MS = 1000;

/**
 * How key frames reach a peer in a running match: 'group' (the host's multicast), 'missed' (it
 * listens, but no group frame came lately: the network drops multicast — IGMP snooping, Wi-Fi
 * client isolation — so the host sends its keys alone), 'off' (no group: this app or the host is
 * not on a LAN interface, or discovery is off).
 */
export type FramesBy = 'group' | 'missed' | 'off';

/** What the wait dialog shows. */
export interface StallView {
  /** How long the game loop has been blocked waiting for an update (ms). */
  readonly blockedMs: number;
  /** True after the 0.5 s grace: show the "waiting for players" dialog. */
  readonly show: boolean;
  /** The host's latest word on whom it waits for and why (undefined: none). */
  readonly status: HostStatus | undefined;
  /** Time since anything arrived from the host (ms). */
  readonly hostSilentMs: number;
}

export class ClientPeer {
  private readonly st: ClientState;
  private readonly uplink: ClientUplink;
  private readonly resync: ClientResync;
  private readonly inbox: ClientInbox;
  private readonly treeSet: ClientTrees;
  private readonly succession: ClientSuccession;

  constructor(opts: ClientOptions) {
    this.st = new ClientState(opts);
    this.uplink = new ClientUplink(this.st);
    this.treeSet = new ClientTrees(this.st, opts.trees ?? defaultTreeSet());
    this.resync = new ClientResync(this.st, this.treeSet);
    this.succession = new ClientSuccession(this.st, this.uplink, this.treeSet);
    this.inbox = new ClientInbox(this.st, this.uplink, this.resync, this.treeSet, this.succession);
  }

  get phase(): PeerPhase { return this.st.phase; }
  get slot(): number { return this.st.slot; }
  get owner(): boolean { return this.st.owner; }
  get settings(): RoomSettings { return this.st.settings; }
  get slots(): readonly LobbySlot[] { return this.st.slots; }
  get match(): ClientMatch | null { return this.st.match; }
  get status(): HostStatus | undefined { return this.st.status; }
  /** What happened since the last drain, oldest first (the caller splices them out). */
  get events(): PeerEvent[] { return this.st.events; }
  get stats(): PeerStats { return this.st.stats; }
  /** The bot trees: whose, and whether they match the match's (see ClientTrees). */
  get trees(): TreeStatus { return this.treeSet.status; }
  /** The session token the host gave us (0 before ACCEPT): store it to rejoin after a crash. */
  get sessionToken(): number { return this.st.token; }

  /** Starts the handshake (JOIN, repeated until answered). */
  join(now: number): void {
    this.uplink.join(now);
  }

  /** One datagram from `from`. Anything not from the host is ignored (but succession reports and claims). */
  receive(now: number, bytes: Uint8Array, from: string): void {
    const h = readHeader(bytes);
    if (h.ok && h.type === LockstepType.Succeed) this.succession.receive(now, bytes, from);
    else this.inbox.receive(now, bytes, from);
  }

  /** Retransmissions, NACKs, acks, keep-alives, closures, join retries. Call every few ms. */
  tick(now: number): void {
    this.st.countSilence(now);
    if (this.st.phase !== 'joining' && this.st.connected) this.resync.tick(now);
    this.succession.tick(now);
    this.uplink.tick(now);
  }

  /** The local player's current intent (persistent; a dash fires once). */
  setIntent(input: PlayerInput): void {
    this.st.match?.setIntent(input);
  }

  /** The confirmed update for `key`, if it has arrived. */
  update(key: number): KeyUpdate | undefined {
    return this.st.match?.updates[key];
  }

  /**
   * The game loop begins key `key` (its update must have arrived) with the state hash taken
   * before applying it. The hash rides on my next closure frame (a spectator sends it now).
   */
  beginKey(now: number, key: number, hashBefore: number, dueAt = now): KeyUpdate {
    const st = this.st;
    const m = st.match;
    if (!m) throw new Error('ClientPeer.beginKey: no match'); // game-loop bug, never data
    // A resync (a heal) replaced the match while the old loop still runs, until 'resume' rebuilds
    // it from the snapshot: that loop may read the updates, but its keys close nothing, report no
    // hash and must not say 'live' (the host would end the snapshot transfer).
    const old = m.updates[key];
    if (old && m.awaitingLive && m.execKey === m.baseKey - 1 && key !== m.baseKey) return old;
    const u = m.begin(now, key, hashBefore, dueAt);
    // Blocked while the host held nothing (no stall or pause said): my own link held my update,
    // and the room went on (issue 34). The loop does not bank the time it waited, so it would stay
    // that far behind the room — closing every key late — unless it catches up.
    if (st.blockedSince !== null && st.status === undefined && m.player && st.opts.catchUpLate !== false) st.pings.late(now, now - st.blockedSince, this.rttMs());
    st.blockedSince = null;
    const margin = m.liveKeys;
    if (m.awaitingLive && m.recvKey - key <= margin) {
      // Caught up after joining late: the host may now hand my slot back (or count my hashes).
      m.awaitingLive = false;
      st.control({ t: 'live', key });
    }
    if (m.player) this.uplink.closeAndSend(now);
    // While fast-forwarding a backlog one frame per key would be a burst: the latest hash will do.
    else if (m.recvKey - key <= margin + 1 || now - st.lastSentAt >= 20) this.uplink.sendFrame(now);
    return u;
  }

  /** The host address now (it changes when another peer takes over a match: ClientSuccession). */
  get host(): string { return this.st.host; }

  /**
   * I take over as host ('succeed' event): my own HostAuthority, built with HostAuthority.succeed,
   * is reached at `loopback` (its ownerAddress) from now on; `left` was the host's slot.
   */
  hostedByMe(now: number, loopback: string, left: number): void {
    this.succession.hostedByMe(now, loopback, left);
    this.uplink.sendFrame(now);
  }

  /**
   * The page was hidden (its loop stops) or shown again: while hidden and until its loop has
   * drained the backlog, my keys close as the updates arrive, so nobody waits for me.
   */
  setAway(now: number, hidden: boolean): void {
    const m = this.st.match;
    if (!m) return;
    m.setAway(hidden);
    if (m.player) this.uplink.closeAndSend(now);
  }

  /** The game finished the last key: report the final state hash (as the hash "before" lastKey + 1). */
  finish(now: number, hash: number): void {
    const m = this.st.match;
    if (!m) return;
    m.hash = { key: m.lastKey + 1, hash: hash >>> 0 };
    m.finalHash = true;
    m.execKey = m.lastKey + 1;
    this.uplink.sendFrame(now);
  }

  /** The game loop wants key `key` but its update has not arrived. */
  noteBlocked(now: number): void {
    this.st.match?.atEdge();
    if (this.st.blockedSince === null) this.st.blockedSince = now;
  }

  /** What the wait dialog should show now. */
  stall(now: number): StallView {
    const st = this.st;
    const blockedMs = st.blockedSince === null ? 0 : now - st.blockedSince;
    return { blockedMs, show: blockedMs >= WAIT_DIALOG_GRACE_MS, status: st.status, hostSilentMs: now - st.lastHeardAt };
  }

  /** How key frames reach this peer now (null outside a running match). */
  framesBy(now: number): FramesBy | null {
    const st = this.st;
    if (st.phase !== 'running' || !st.match || st.slot === SPECTATOR_SLOT) return null;
    if (!st.groupTold) return 'off';
    return now - Math.max(st.groupReadAt, st.match.startedAt) < GROUP_QUIET_MS ? 'group' : 'missed';
  }

  /**
   * Game-loop speed factor at `now` (1 = real time). Peers run in the phase of the player whose
   * closures complete the releases; one the host found running ahead of it is told how far, once,
   * and runs at PHASE_SHIFT_PACE until it has moved back that much (MatchPlayers.takeShift).
   * Without this, the earliest peer's updates come late by its lead, and the delay must grow for it.
   */
  pace(now: number): number {
    const st = this.st;
    if (st.phase !== 'running' || !st.match?.player) return 1;
    return st.pings.pace(now);
  }

  /** RTT to the host: its own measurement when it sent one, else ours from the handshake. */
  rttMs(): number {
    return this.st.pings.rttMs(this.st.rtt.smoothed(0));
  }

  /** A chat line to everyone, or to my team only (the host refuses a team line from a spectator or in a free-for-all room). */
  chat(text: string, team = false): void { this.st.control({ t: 'chat', text, team }); }
  setReady(ready: boolean): void { this.st.control({ t: 'ready', ready }); }
  setColour(colour: number): void { this.st.control({ t: 'colour', colour }); }
  /** My own slot's team; any slot's for the room owner (the host refuses the rest). */
  setTeam(slot: number, team: number): void { this.st.control({ t: 'team', slot, team }); }
  /** Loading progress; 100 % reaches the host only once the bot trees match the match's (ClientTrees). */
  loadProgress(percent: number): void { this.treeSet.progress(percent); }
  voteDrop(slot: number): void { this.st.control({ t: 'vote', slot }); }
  requestPause(pause: boolean): void { this.st.control({ t: 'pause', pause }); }
  sendSubhashes(key: number, hashes: readonly number[]): void { this.st.control({ t: 'subhash', key, hashes }); }
  /** Room owner only (the host ignores and counts these from anyone else). */
  configure(settings: RoomSettings): void { this.st.control({ t: 'setSettings', settings }); }
  setSlot(slot: number, kind: SlotKind, difficulty: number): void { this.st.control({ t: 'setSlot', slot, kind, difficulty }); }
  kick(slot: number): void { this.st.control({ t: 'kick', slot }); }
  startMatch(): void { this.st.control({ t: 'start' }); }

  /**
   * Leaves the room (sent at once; the host drops our slot to a bot if a match runs). Before the
   * ACCEPT has come there is no token to sign a LEAVE with: the JOIN is cancelled by its nonce.
   */
  leave(now: number): void {
    const st = this.st;
    st.control({ t: 'leave' });
    if (st.connected) this.uplink.sendFrame(now);
    else if (st.phase === 'joining') this.uplink.cancelJoin();
    st.phase = 'left';
  }
}
