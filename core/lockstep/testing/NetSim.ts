/**
 * A deterministic in-process network for protocol tests (seed 001's "simulated network inside the
 * client", grown up): a virtual clock, an event queue, and per-link loss, duplication, delay and
 * jitter (which also reorders), all drawn from one seeded PRNG, so a run repeats exactly.
 * Nodes are addresses with a receive callback; timers are scheduled callbacks. Time in ms.
 */
import { Prng } from '../../math/Prng';

export interface LinkSpec {
  /** Base one-way delay (ms). */
  readonly delayMs: number;
  /** Extra uniformly random delay 0..jitterMs (ms): datagrams overtake each other. */
  readonly jitterMs: number;
  /** Probability a datagram is lost. */
  readonly loss: number;
  /** Probability a datagram is delivered twice. */
  readonly duplicate: number;
}

export const PERFECT_LINK: LinkSpec = { delayMs: 0, jitterMs: 0, loss: 0, duplicate: 0 };

export type Receive = (now: number, bytes: Uint8Array, from: string) => void;
/** Returns true to drop this datagram (scripted loss in tests). */
export type DropRule = (from: string, to: string, bytes: Uint8Array, now: number) => boolean;

interface Ev {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void;
}

export interface LinkCounters {
  sent: number;
  lost: number;
  duplicated: number;
  bytes: number;
}

export class NetSim {
  now = 0;
  readonly rng: Prng;
  readonly counters = new Map<string, LinkCounters>();
  private readonly heap: Ev[] = [];
  private seq = 0;
  private readonly nodes = new Map<string, Receive>();
  private readonly links = new Map<string, LinkSpec>();
  private dropRules: DropRule[] = [];

  constructor(
    seed: number,
    private defaultLink: LinkSpec = PERFECT_LINK,
  ) {
    this.rng = new Prng(seed);
  }

  addNode(addr: string, receive: Receive): void {
    this.nodes.set(addr, receive);
  }

  removeNode(addr: string): void {
    this.nodes.delete(addr);
  }

  /** Sets the link from → to (one direction). */
  setLink(from: string, to: string, spec: LinkSpec): void {
    this.links.set(`${from}>${to}`, spec);
  }

  setDefaultLink(spec: LinkSpec): void {
    this.defaultLink = spec;
  }

  addDropRule(rule: DropRule): void {
    this.dropRules.push(rule);
  }

  clearDropRules(): void {
    this.dropRules = [];
  }

  /** Totals over every link whose source is `from` (or all links). */
  total(from?: string): LinkCounters {
    const t = { sent: 0, lost: 0, duplicated: 0, bytes: 0 };
    for (const [k, c] of this.counters) {
      if (from !== undefined && !k.startsWith(`${from}>`)) continue;
      t.sent += c.sent;
      t.lost += c.lost;
      t.duplicated += c.duplicated;
      t.bytes += c.bytes;
    }
    return t;
  }

  /** Nodes that receive the multicast group (`groupSender`). */
  readonly groupMembers = new Set<string>();

  /**
   * A multicast sender for node `from`: one datagram, a copy to each group member over that
   * member's link (its own loss and delay), as a LAN switch floods it.
   */
  groupSender(from: string): (bytes: Uint8Array) => void {
    return (bytes) => {
      for (const to of this.groupMembers) this.send(from, to, bytes);
    };
  }

  /** A sender for node `from`. */
  sender(from: string): (to: string, bytes: Uint8Array) => void {
    return (to, bytes) => this.send(from, to, bytes);
  }

  send(from: string, to: string, bytes: Uint8Array): void {
    const key = `${from}>${to}`;
    const spec = this.links.get(key) ?? this.defaultLink;
    let c = this.counters.get(key);
    if (!c) {
      c = { sent: 0, lost: 0, duplicated: 0, bytes: 0 };
      this.counters.set(key, c);
    }
    c.sent++;
    c.bytes += bytes.length;
    const copy = bytes.slice();
    const r = this.rng;
    const scripted = this.dropRules.some((rule) => rule(from, to, copy, this.now));
    if (scripted || (spec.loss > 0 && r.chance(spec.loss))) return void c.lost++;
    const copies = spec.duplicate > 0 && r.chance(spec.duplicate) ? 2 : 1;
    if (copies === 2) c.duplicated++;
    for (let i = 0; i < copies; i++) {
      const delay = spec.delayMs + (spec.jitterMs > 0 ? r.int(spec.jitterMs + 1) : 0);
      this.at(this.now + delay, () => this.nodes.get(to)?.(this.now, copy, from));
    }
  }

  /** Schedules `fn` at virtual time `at` (events at equal times run in scheduling order). */
  at(at: number, fn: () => void): void {
    const ev: Ev = { at: Math.max(at, this.now), seq: this.seq++, fn };
    const h = this.heap;
    h.push(ev);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(ev, h[p] as Ev)) break;
      h[i] = h[p] as Ev;
      i = p;
    }
    h[i] = ev;
  }

  /** Calls `fn(now)` every `periodMs`, starting at `startAt`, until it returns false. */
  every(startAt: number, periodMs: number, fn: (now: number) => boolean | void): void {
    const run = (): void => {
      if (fn(this.now) === false) return;
      this.at(this.now + periodMs, run);
    };
    this.at(startAt, run);
  }

  private pop(): Ev | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (!top || !last || h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      const cand = (k: number): Ev => (k === i ? last : (h[k] as Ev));
      if (l < h.length && before(h[l] as Ev, cand(m))) m = l;
      if (r < h.length && before(h[r] as Ev, cand(m))) m = r;
      if (m === i) break;
      h[i] = h[m] as Ev;
      i = m;
    }
    h[i] = last;
    return top;
  }

  /** Runs events until virtual time `until` (inclusive) or until `stop()` is true. */
  run(until: number, stop?: () => boolean): void {
    for (;;) {
      const next = this.heap[0];
      if (!next || next.at > until) break;
      this.pop();
      this.now = next.at;
      next.fn();
      if (stop?.()) return;
    }
    if (!stop?.()) this.now = Math.max(this.now, until);
  }
}

function before(a: Ev, b: Ev): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
