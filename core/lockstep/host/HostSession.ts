/**
 * One accepted peer as the host sees it: address, token, slot, its control stream, RTT, and
 * what it has acknowledged of the update stream. Also builds the HFRAME datagrams sent to it.
 * Invariants: a session is found by its address only; every later datagram must carry `token`.
 * `recvKey` only grows. Times in ms of the host's clock.
 */
import type { ClientFrame, Encoded, HostFrame, PeerKey } from '../wire';
import { encodeHostFrame } from '../wire';
import { LossMeter } from '../link';
import { ReliableChannel } from '../link';
import { RttEstimator } from '../link';
import type { SnapshotSender, TreeSender } from '../link';
import { SPECTATOR_SLOT } from '../types';
import type { HostStatus, KeyUpdate } from '../types';

/** How often the host pings a session (RTT, loss and earliness reports ride on pings and pongs). */
export const PING_INTERVAL_MS = 1000;

export class HostSession {
  readonly ctl = new ReliableChannel();
  readonly rtt = new RttEstimator();
  /** Loss of this peer's key-frame datagrams (measured here from closure jumps). */
  readonly upLoss = new LossMeter();
  /** Loss of our datagrams to this peer, as it reports (0..1). */
  downLoss = 0;
  /** How early our updates reach this peer before it needs them (ms, 3rd percentile; -1 unknown). */
  slackMs = -1;
  lastHeard: number;
  lastSentAt = -1e15;
  lastUpdatesSentAt = -1e15;
  pingDueAt: number;
  /** Highest key such that every update ≤ it reached this peer (its ack). */
  recvKey = -1;
  /** New inputs arrived since the last frame we sent: acknowledge them (else the ack is implied
   *  by the updates themselves and the two bytes are saved). */
  inputsToAck = false;
  /** It receives the group frames (its control message `group`), and how many releases in a row it missed. */
  listens = false;
  groupMisses = 0;
  /** After GROUP_MISS_LIMIT misses in a row it gets its own frames until this key is released. */
  groupResumeKey = -1;
  /** The newest key a group frame carried for it (-1: none this match), and the newest it had to be sent alone after. */
  groupThrough = -1;
  groupRepairedThrough = -1;
  /** The slot table changed since this peer's last one: it goes with the next frame (HostSender). */
  slotsDirty = false;
  /** Takes part in the running match (a player or a spectator that was there at the start). */
  inMatch = false;
  /** Did not finish loading: waits in the lobby until it has loaded, then joins like a rejoin. */
  benched = false;
  /**
   * Joined the running match late (a rejoin, a late loader or a spectator): it receives a
   * snapshot and the updates since, and is not an expected hash reporter until it says it caught
   * up ('live'). Its snapshot transfer, while one runs.
   */
  syncing = false;
  /** When the host last sent it the state because it was out of step (a heal), if ever. */
  healedAt: number | null = null;
  /** The succession order (and rejoiners) last pushed to this session (HostSuccession.announce). */
  toldOrder = '';
  /** The peers whose public keys this session was given (HostSuccession, by address). */
  readonly toldKeys = new Set<string>();
  /** Of those, the keys not yet queued on its control stream (one message at a time). */
  keysToSend: PeerKey[] = [];
  sync: SnapshotSender | null = null;
  /** The host's trees on their way to this peer (its own differ; HostTrees), the last transfer once sent. */
  treesOut: TreeSender | null = null;
  /** Transfers of the host's trees this peer asked for so far. */
  treeSends = 0;
  ready = false;
  loadPercent = 0;
  colour: number;

  constructor(
    readonly addr: string,
    readonly nonce: number,
    readonly token: number,
    readonly slot: number,
    readonly name: string,
    readonly owner: boolean,
    /** Hash reporter number (slot, or SPECTATOR_BASE + n). */
    readonly reporter: number,
    now: number,
  ) {
    this.lastHeard = now;
    this.pingDueAt = now;
    this.colour = slot === SPECTATOR_SLOT ? 0 : slot;
  }

  get spectator(): boolean {
    return this.slot === SPECTATOR_SLOT;
  }

  /** Retransmission timeout towards this peer. */
  rto(): number {
    return this.rtt.rto();
  }

  /**
   * The update stream starts over for this peer after `recvKey` (a match starts or ends, a
   * snapshot restarts it): its ack, and the group frames' record of it, which belongs to the
   * stream (a key carried in the last match is not one it lacks now). Whether it listens stays.
   */
  restartUpdates(recvKey: number): void {
    this.recvKey = recvKey;
    this.groupMisses = 0;
    this.groupResumeKey = -1;
    this.groupThrough = -1;
    this.groupRepairedThrough = -1;
  }

  /**
   * Builds the next frame for this peer: unacknowledged updates (from `updates`, the released
   * ones after its ack), control messages, acks, status and a ping when due. Marks what was sent.
   */
  frame(now: number, updates: readonly KeyUpdate[], inputAck: number | undefined, status: HostStatus | undefined, takeShift?: (rttMs: number) => number): Encoded {
    const ping = now >= this.pingDueAt ? this.ping(now, takeShift) : undefined;
    const ctlAck = this.ctl.ackOwing ? this.ctl.takeAck() : undefined;
    const enc = encodeHostFrame({
      ...(updates.length > 0 ? { updates } : {}),
      ...(inputAck !== undefined ? { inputAck } : {}),
      ...(status ? { status } : {}),
      ...(this.ctl.section() ? { ctl: this.ctl.section() } : {}),
      ...(ctlAck !== undefined ? { ctlAck } : {}),
      ...(ping ? { ping } : {}),
    });
    this.ctl.markSent(now, enc.ctl);
    if (enc.updates > 0) this.lastUpdatesSentAt = now;
    if (ping) this.pingDueAt = now + PING_INTERVAL_MS;
    this.lastSentAt = now;
    return enc;
  }

  /** The ping a frame carries when one is due; a phase shift is taken only for a ping that goes out. */
  private ping(now: number, takeShift?: (rttMs: number) => number): NonNullable<HostFrame['ping']> {
    const rttMs = this.rtt.smoothed(0);
    return { ts: now & 0xffff, rttMs, lossPct: this.upLoss.percent, earlyMs: takeShift?.(rttMs) ?? 0 };
  }

  /** Takes a peer's report; with an echo of our ping, RTT = now − echoed time − time it held it. */
  report(now: number, r: NonNullable<ClientFrame['report']>): void {
    this.downLoss = r.lossPct / 100;
    this.slackMs = r.slackMs;
    if (!r.echo) return;
    const { ts, holdMs } = r.echo;
    const sample = ((now - ts) & 0xffff) - holdMs;
    if (sample >= 0 && sample < 10_000) this.rtt.sample(sample);
  }
}
