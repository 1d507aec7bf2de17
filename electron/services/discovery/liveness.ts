/**
 * Our own liveness check and ping meter: a PING to every listed game's port each interval, a row
 * dropped once its host has been silent past the expiry (the mDNS library never expires dead
 * peers, and a crashed host sends no goodbye).
 *
 * Invariants: a PONG counts only if its nonce is one we sent, to that game, and it comes from the
 * exact address and port we pinged; pending nonces are forgotten after the expiry; nothing here
 * throws into a timer or a socket handler.
 */
import { randomBytes } from 'node:crypto';
import { decodeProbe, encodePing } from '../../../core/net';
import type { GameList } from './gameList';
import type { Cancel, Scheduler } from './scheduler';
import type { Datagram, DatagramPort } from './udpPort';

export interface LivenessOptions {
  /** PING period per game. */
  readonly intervalMs: number;
  /** How often silent rows are looked for; bounds how late past the expiry a row goes. */
  readonly sweepMs: number;
  /** Silence after which a row is dropped (the list's expiry, repeated here for pending nonces). */
  readonly expireMs: number;
}

interface Pending {
  readonly gameId: string;
  readonly address: string;
  readonly port: number;
  readonly sentAt: number;
}

export class LivenessProber {
  private readonly pending = new Map<number, Pending>();
  private cancels: Cancel[] = [];

  constructor(
    private readonly list: GameList,
    private readonly socket: DatagramPort,
    private readonly scheduler: Scheduler,
    private readonly opts: LivenessOptions,
    /** Told the mDNS service names of expired rows. */
    private readonly onExpired: (serviceNames: string[]) => void,
  ) {
    socket.onMessage((d) => this.handle(d));
    list.onAdd((gameId, address, port) => this.send(gameId, address, port)); // first ping at once: the row gets its ping fast
  }

  start(): void {
    this.cancels.push(this.scheduler.every(this.opts.intervalMs, () => this.pingAll()));
    this.cancels.push(this.scheduler.every(this.opts.sweepMs, () => this.sweep()));
  }

  stop(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels = [];
    this.pending.clear();
  }

  private sweep(): void {
    const expired = this.list.sweep();
    if (expired.length > 0) this.onExpired(expired);
    const now = this.scheduler.now();
    for (const [nonce, p] of this.pending) if (now - p.sentAt > this.opts.expireMs) this.pending.delete(nonce);
  }

  private pingAll(): void {
    for (const t of this.list.targets()) this.send(t.gameId, t.address, t.port);
  }

  private send(gameId: string, address: string, port: number): void {
    const nonce = randomBytes(4).readUInt32LE(0);
    const sentAt = this.scheduler.now();
    this.pending.set(nonce, { gameId, address, port, sentAt });
    void this.socket.send(encodePing(nonce, Math.floor(sentAt)), port, address);
  }

  /** A datagram on the probe socket: only PONGs matching a pending PING count. */
  handle(d: Datagram): void {
    const decoded = decodeProbe(d.bytes, d.port);
    if (!decoded.ok || decoded.message.kind !== 'pong') return;
    const p = this.pending.get(decoded.message.nonce);
    if (!p || p.address !== d.address || p.port !== d.port) return;
    this.pending.delete(decoded.message.nonce);
    this.list.pong(p.gameId, d, decoded.message.advert, this.scheduler.now() - p.sentAt);
  }
}
