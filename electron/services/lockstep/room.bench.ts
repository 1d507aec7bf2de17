/**
 * A full room on real sockets: a dedicated host (testing/roomHost.ts: a LockstepNode hosting with
 * its verifier, as `npm run host` runs it) and 49 behavior-tree bot players (testing/botSwarm.ts, real
 * UDP sockets) in a few child processes, one 60 s match on arena-small, twice:
 * - on loopback, where every peer gets its own frames (unicast: no LAN, no multicast group);
 * - on a LAN of network namespaces (the discovery tests' lab: host in one "machine", each bot
 *   process in another, a bridge between), where the host multicasts each release once to the
 *   peers that listen (group frames, protocol 10). Skipped, saying why, where namespaces are not
 *   available (not root).
 * What the host's socket really carries is counted (28 B of IP/UDP header per datagram added), so
 * this is the evidence for the traffic goal; net.bench.ts's model stays as the breakdown by message.
 * Rows: traffic at the host in and out (bytes and datagrams a second), per client, blocked time
 * per client, the host's stalls and whom it waited for, the host process's CPU, and one hash.
 * `BB_ROOM_CLIENTS` (default 49) and `BB_ROOM_SECONDS` (default 60) size it.
 */
import type { BenchContext } from '../../../bench/lib';
import { Difficulty, DIFFICULTY_NAMES } from '../../../core/ai';
import { netnsUnavailable, NetnsLab } from '../discovery/testing/netnsLab';
import { run, killAll } from '../testing/procs';
import type { Proc } from '../testing/procs';
import { until } from '../testing/until';
import type { UdpCounters } from './UdpTransport';

/** Seed 000's naive state sync for 50 players: 4 floats × 4 B × 30 Hz × 50 senders × 49 receivers. */
const SEED_000_BYTES_PER_S = 4 * 4 * 30 * 50 * 49;
const IP_UDP = 28;
const PROCESSES = 3;

/** The bytes (headers added) and datagrams between two readings of the host socket's counters. */
function traffic(a: UdpCounters, b: UdpCounters): { inBytes: number; outBytes: number; inDatagrams: number; outDatagrams: number } {
  return {
    inBytes: b.receivedBytes - a.receivedBytes + IP_UDP * (b.received - a.received),
    outBytes: b.sentBytes - a.sentBytes + IP_UDP * (b.sent - a.sent),
    inDatagrams: b.received - a.received,
    outDatagrams: b.sent - a.sent,
  };
}

const median = (a: readonly number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;

interface BotResult {
  readonly name: string;
  readonly hash: number | null;
  readonly blockedMs: number;
  readonly sentBytes: number;
  readonly sent: number;
  readonly receivedBytes: number;
  readonly received: number;
  readonly groupReceived: number;
}

/** What testing/roomHost.ts reports when the match ended. */
interface HostReport {
  readonly wall: number;
  readonly cpuMs: number;
  readonly loading0: UdpCounters;
  readonly run0: UdpCounters;
  readonly end: UdpCounters;
  readonly sections: { readonly bytes: Record<string, number>; readonly frames: number; readonly updates: number; readonly copies: number };
  readonly entries: number;
  readonly keys: number;
  readonly gameSeconds: number;
  readonly stallMs: number;
  readonly stalls: number;
  readonly waited: readonly { slot: number; ms: number }[];
  readonly verifierHash: number | null;
  readonly agreed: boolean | null;
  readonly lobbyBots: number;
  readonly groupFrames: number;
  readonly groupRepairs: number;
  /** Split, eject and virus-burst events the verifier's simulation saw during the match. */
  readonly splits: number;
  readonly ejects: number;
  readonly bursts: number;
}

/** Where the room runs: every process on loopback, or the host and each bot process in a namespace of `lab`. */
interface Place {
  readonly label: string;
  readonly lab: NetnsLab | null;
  /** The bots' difficulty (the harder, the more often they change intent). */
  readonly difficulty: Difficulty;
}

/** One measured match: the host's report and every bot's. */
async function room(place: Place, clients: number, seconds: number): Promise<{ host: HostReport; bots: BotResult[] }> {
  const ns = (i: number): string | undefined => place.lab?.machines[i]?.ns;
  const hostIp = place.lab?.machines[0]?.address ?? '127.0.0.1';
  const hostArgs = place.lab ? ['0.0.0.0', String(clients), String(seconds), hostIp] : ['127.0.0.1', String(clients), String(seconds)];
  const hostProc = run('roomHost', 'electron/services/testing/roomHost.ts', hostArgs, ns(0));
  const swarms: Proc[] = [];
  try {
    if (!(await until(() => hostProc.find('listening') !== undefined || hostProc.exitCode !== null, 30_000))) throw new Error('the room host did not start');
    const port = hostProc.find('listening')?.['port'];
    if (typeof port !== 'number') throw new Error(`the room host did not start:\n${hostProc.tail()}`);
    const per = Math.ceil(clients / PROCESSES);
    for (let p = 0, left = clients; left > 0; p++, left -= per) {
      const bind = place.lab?.machines[p + 1]?.address ?? '127.0.0.1';
      swarms.push(run(`swarm${p}`, 'electron/services/testing/botSwarm.ts', [`${hostIp}:${port}`, String(Math.min(per, left)), `p${p}b`, bind, String(place.difficulty)], ns(p + 1)));
    }
    const ended = await until(() => hostProc.exitCode !== null && swarms.every((s) => s.find('done') !== undefined || s.exitCode !== null), (seconds + 240) * 1000);
    const report = hostProc.find('done') as unknown as HostReport | undefined;
    if (!ended || !report) throw new Error(`the room did not finish:\n${[hostProc, ...swarms].map((p) => p.tail()).join('\n')}`);
    return { host: report, bots: swarms.flatMap((s) => (s.find('done')?.['bots'] ?? []) as BotResult[]) };
  } finally {
    await killAll();
  }
}

/** The rows of one room. */
function record(ctx: BenchContext, place: Place, clients: number, seconds: number, r: { host: HostReport; bots: BotResult[] }): void {
  const { host: h, bots } = r;
  const wall = h.wall;
  const match = traffic(h.run0, h.end);
  const loading = traffic(h.loading0, h.run0);
  const hashes = new Set([...bots.map((b) => b.hash), h.verifierHash]);
  const roomRate = (match.inBytes + match.outBytes) / wall;
  const g = `net/room (real sockets, ${place.label})`;
  const group = place.lab !== null;
  const note = `${clients} ${DIFFICULTY_NAMES[place.difficulty] ?? ''} bot players + the dedicated host's verifier, ${seconds} s on arena-small, ${group ? 'a LAN of network namespaces (host and each bot process on its own "machine"), group frames on' : 'loopback UDP, every peer its own frames'}, ${PROCESSES} bot processes`;
  const goalMet = roomRate <= SEED_000_BYTES_PER_S / 20;
  const splitting = `${h.splits} splits, ${h.ejects} ejects, ${h.bursts} virus bursts`;
  ctx.record({ group: g, name: `room traffic at the host during the match, in + out, ${clients + 1} players splitting`, value: roomRate / 1000, unit: 'kB/s', ...(group ? { goal: '<= 58.8 kB/s (20× under seed 000)', met: goalMet } : {}), notes: `${(SEED_000_BYTES_PER_S / roomRate).toFixed(1)}× under seed 000's ${SEED_000_BYTES_PER_S / 1000} kB/s; IP/UDP headers counted; ${note}; ${splitting}` });
  ctx.record({ group: g, name: 'splits / ejects / virus bursts a minute during the match (the verifier\'s events)', value: (h.splits * 60) / wall, unit: 'splits/min', notes: `${(h.ejects * 60 / wall).toFixed(0)} ejects/min, ${(h.bursts * 60 / wall).toFixed(0)} bursts/min (${splitting} in ${wall.toFixed(0)} s)` });
  ctx.record({ group: g, name: 'host in / out during the match', value: match.inBytes / wall / 1000, unit: 'kB/s in', notes: `out ${(match.outBytes / wall / 1000).toFixed(1)} kB/s; datagrams in ${(match.inDatagrams / wall).toFixed(0)}/s, out ${(match.outDatagrams / wall).toFixed(0)}/s` + (group ? ` (group frames ${(h.groupFrames / wall).toFixed(1)}/s, keys sent alone to a peer that missed one ${(h.groupRepairs / wall).toFixed(1)}/s)` : '') });
  const s = h.sections;
  const parts = Object.entries(s.bytes).sort((x, y) => y[1] - x[1]).map(([k, b]) => `${k} ${(b / wall / 1000).toFixed(2)}`);
  ctx.record({ group: g, name: 'host frames during the match: payload by section', value: Object.values(s.bytes).reduce((x, y) => x + y, 0) / wall / 1000, unit: 'kB/s', notes: `${parts.join(', ')} kB/s; ${(s.updates / Math.max(1, s.frames)).toFixed(2)} updates a frame; ${(s.copies / wall).toFixed(1)} redundant copies/s` });
  ctx.record({ group: g, name: 'loading (before the first key), host in + out', value: (loading.inBytes + loading.outBytes) / 1000, unit: 'kB', notes: `${loading.inDatagrams + loading.outDatagrams} datagrams: slot tables still queued from the join burst, progress tables` });
  // The bots' real change rate: input entries the host released (one per changed intent).
  ctx.record({ group: g, name: 'intent changes per player per second of game (what the updates carry)', value: h.entries / clients / Math.max(1, h.gameSeconds), unit: '/s', notes: `${h.entries} input entries in ${h.keys} keys` });
  const perClient = bots.map((b) => (b.sentBytes + b.receivedBytes + IP_UDP * (b.sent + b.received)) / wall);
  ctx.record({ group: g, name: 'per client, in + out, median (whole session / match length)', value: median(perClient) / 1000, unit: 'kB/s', ...(group ? { notes: `group frames read per client: median ${median(bots.map((b) => b.groupReceived))}` } : {}) });
  const blocked = bots.map((b) => b.blockedMs);
  ctx.record({ group: g, name: 'blocked per client, median', value: median(blocked), unit: 'ms', notes: `max ${Math.max(...blocked)} ms over the ${seconds} s match` });
  ctx.record({ group: g, name: 'host stalls (holds beyond the input delay)', value: h.stallMs, unit: 'ms', notes: `${h.stalls} holds; waited for most: ${h.waited.map((w) => `slot ${w.slot} ${Math.round(w.ms)} ms`).join(', ') || 'nobody'}` });
  ctx.record({ group: g, name: 'host process CPU during the match (authority + verifier simulating)', value: h.cpuMs / wall, unit: 'ms/s' });
  ctx.record({ group: g, name: 'distinct final hashes (bots + verifier)', value: hashes.size, unit: '', goal: '= 1', met: hashes.size === 1 && !hashes.has(null) });
  ctx.note(`Room bench (${place.label}): ${note}; ${h.lobbyBots} lobby bots; agreed ${String(h.agreed)}.`);
}

export default async function (ctx: BenchContext): Promise<void> {
  const clients = Number(process.env['BB_ROOM_CLIENTS'] ?? 49);
  const seconds = Number(process.env['BB_ROOM_SECONDS'] ?? 60);
  const loopback: Place = { label: 'loopback', lab: null, difficulty: Difficulty.Normal };
  record(ctx, loopback, clients, seconds, await room(loopback, clients, seconds));
  const why = netnsUnavailable();
  if (why !== null) return void ctx.note(`Room bench on a namespace LAN with group frames skipped: ${why}.`);
  const lab = new NetnsLab(Array.from({ length: PROCESSES + 1 }, () => ['A'] as const));
  try {
    lab.create();
    const lan: Place = { label: 'LAN', lab, difficulty: Difficulty.Normal };
    record(ctx, lan, clients, seconds, await room(lan, clients, seconds));
    // The goal holds at the bots' usual change rate (~3/s); Hard bots change intent more often.
    const hard: Place = { label: 'LAN, Hard bots', lab, difficulty: Difficulty.Hard };
    record(ctx, hard, clients, seconds, await room(hard, clients, seconds));
  } finally {
    lab.destroy();
  }
}
