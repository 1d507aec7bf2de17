/**
 * Rejoin attempts that fail, limited per IP: a rejoin JOIN names a slot by its 32-bit session
 * token, so a peer guessing tokens must not get thousands of tries a second. After FAILS_ALLOWED
 * refusals within WINDOW_MS from one IP, that IP's rejoins are dropped unanswered until the window
 * ends. A rejoin that succeeds is never limited by its own attempt (the first try of a real
 * rejoiner carries the right token), one that proves its key is never limited at all (HostResync:
 * it guesses nothing), and another IP is never limited by this one.
 * Invariants: at most MAX_TRACKED IPs are remembered (expired ones go first, then the oldest), so
 * spoofed sources cannot grow memory; iteration is insertion order, the same on every machine.
 */

import { parseAddress } from '../../net';

export const REJOIN_FAILS_ALLOWED = 5;
export const REJOIN_WINDOW_MS = 10_000;
const MAX_TRACKED = 1024;

/** "ip:port" (or "[v6]:port") → the IP part; a name without a port is its own IP (simulators). */
const ipOf = (addr: string): string => parseAddress(addr)?.address ?? addr;

export class RejoinLimiter {
  private readonly byIp = new Map<string, { since: number; fails: number }>();

  /** Whether rejoins from `addr`'s IP are being dropped now. */
  limited(now: number, addr: string): boolean {
    const e = this.byIp.get(ipOf(addr));
    return e !== undefined && now - e.since < REJOIN_WINDOW_MS && e.fails >= REJOIN_FAILS_ALLOWED;
  }

  /** A rejoin from `addr` was refused. */
  failed(now: number, addr: string): void {
    const ip = ipOf(addr);
    const e = this.byIp.get(ip);
    if (e && now - e.since < REJOIN_WINDOW_MS) return void e.fails++;
    this.byIp.delete(ip);
    if (this.byIp.size >= MAX_TRACKED) this.evict(now);
    this.byIp.set(ip, { since: now, fails: 1 });
  }

  private evict(now: number): void {
    for (const [ip, e] of this.byIp) if (now - e.since >= REJOIN_WINDOW_MS) this.byIp.delete(ip);
    const oldest = this.byIp.keys().next();
    if (this.byIp.size >= MAX_TRACKED && !oldest.done) this.byIp.delete(oldest.value);
  }
}
