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
  /** Wi-Fi's own faults on top (issue 34): latency spikes and bursty loss. */
  readonly wifi?: WifiSpec;
}

/**
 * What a Wi-Fi link adds (issue 34): a station's power saving holds its traffic now and then — every
 * datagram sent in a spike window comes `spikeMs` later — and loss comes in bursts (Gilbert–Elliott:
 * a good and a bad state, switched per datagram). Each link's spike phase and state are drawn from
 * the network's seed, so a run repeats.
 */
export interface WifiSpec {
  /** Extra delay of a datagram sent during a spike (ms). */
  readonly spikeMs: number;
  /** A spike's length (ms), and how often one starts (ms). */
  readonly spikeForMs: number;
  readonly spikeEveryMs: number;
  /** Per datagram: the chance the link goes bad, and the chance it comes back good. */
  readonly toBad: number;
  readonly toGood: number;
  /** Loss while bad (while good: the spec's `loss`). */
  readonly badLoss: number;
}

export const PERFECT_LINK: LinkSpec = { delayMs: 0, jitterMs: 0, loss: 0, duplicate: 0 };

/**
 * A bad home Wi-Fi link, one way (issue 34): 40 ± 30 ms, +250 ms for 200 ms every 5 s, and 5 % loss
 * in bursts (bad 10 % of the time, 3.3 datagrams on average, losing half of them there).
 */
export const WIFI_LINK: LinkSpec = {
  delayMs: 10,
  jitterMs: 60,
  loss: 0,
  duplicate: 0,
  wifi: { spikeMs: 250, spikeForMs: 200, spikeEveryMs: 5000, toBad: 1 / 30, toGood: 0.3, badLoss: 0.5 },
};
/** A wired LAN link, one way: 2 ± 1 ms. */
export const WIRED_LINK: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };

/** A Wi-Fi link's state, one way: where its spikes fall (both ways alike: the station dozes), and whether it is in a loss burst. */
interface WifiState {
  readonly phase: number;
  bad: boolean;
}

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
  private readonly wifiStates = new Map<string, WifiState>();
  /** Sees every datagram as it is delivered (tests that time arrivals). */
  onDeliver: ((from: string, to: string, bytes: Uint8Array, now: number) => void) | null = null;

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
    const w = spec.wifi ? this.wifiOf(from, to, spec.wifi) : null;
    const loss = w?.bad && spec.wifi ? spec.wifi.badLoss : spec.loss;
    if (scripted || (loss > 0 && r.chance(loss))) return void c.lost++;
    const copies = spec.duplicate > 0 && r.chance(spec.duplicate) ? 2 : 1;
    if (copies === 2) c.duplicated++;
    const spike = w && spec.wifi && (this.now - w.phase) % spec.wifi.spikeEveryMs < spec.wifi.spikeForMs ? spec.wifi.spikeMs : 0;
    for (let i = 0; i < copies; i++) {
      const delay = spike + spec.delayMs + (spec.jitterMs > 0 ? r.int(spec.jitterMs + 1) : 0);
      this.at(this.now + delay, () => {
        const node = this.nodes.get(to);
        if (!node) return;
        this.onDeliver?.(from, to, copy, this.now);
        node(this.now, copy, from);
      });
    }
  }

  /** The Wi-Fi state of the link from → to, after this datagram's turn of the Gilbert–Elliott chain. */
  private wifiOf(from: string, to: string, spec: WifiSpec): WifiState {
    const key = `${from}>${to}`;
    let w = this.wifiStates.get(key);
    if (!w) {
      const back = this.wifiStates.get(`${to}>${from}`);
      w = { phase: back?.phase ?? this.rng.int(spec.spikeEveryMs) - spec.spikeEveryMs, bad: false };
      this.wifiStates.set(key, w);
    }
    w.bad = w.bad ? !this.rng.chance(spec.toGood) : this.rng.chance(spec.toBad);
    return w;
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
