/**
 * A full room on real sockets: a dedicated host (LockstepHostService with its verifier, as
 * `npm run host` runs it) in this process and 49 behavior-tree bot players (testing/botSwarm.ts,
 * real UDP sockets on 127.0.0.1) in a few child processes, one 60 s match on arena-small. What
 * the host's socket really carries is counted (28 B of IP/UDP header per datagram added), so this
 * is the evidence for the traffic goal; net.bench.ts's model stays as the breakdown by message.
 * Rows: traffic at the host in and out (bytes and datagrams a second), per client, blocked time
 * per client, the host's stalls and whom it waited for, the host process's CPU, and one hash.
 * `BB_ROOM_CLIENTS` (default 49) and `BB_ROOM_SECONDS` (default 60) size it.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../../../bench/lib';
import { decodeDatagram, decodeHostControl, encodeHostFrame, LOGIC_HZ, SlotKind } from '../../../core/lockstep';
import type { HostFrame } from '../../../core/lockstep';
import { run, killAll } from '../testing/procs';
import type { Proc } from '../testing/procs';
import { until } from '../testing/until';
import { HeadlessPlayer } from './HeadlessPlayer';
import { mapLoader } from './loadMap';
import { loadTrees } from './loadTrees';
import { LockstepHostService } from './LockstepHostService';

/** Seed 000's naive state sync for 50 players: 4 floats × 4 B × 30 Hz × 50 senders × 49 receivers. */
const SEED_000_BYTES_PER_S = 4 * 4 * 30 * 50 * 49;
const IP_UDP = 28;
/** This checkout's resources/ai trees, as the apps load them. */
const trees = loadTrees().trees;
const PROCESSES = 3;

/** Bytes of each section of the host frames sent while the match runs (each re-encoded alone). */
class FrameSections {
  readonly bytes = new Map<string, number>();
  frames = 0;
  updates = 0;
  copies = 0;

  add(bytes: Uint8Array, refKey: number): void {
    const d = decodeDatagram(bytes, refKey);
    if (!d.ok || d.msg.type !== 'hframe') return;
    const f = d.msg;
    const base = encodeHostFrame({}).bytes.length;
    this.frames++;
    this.updates += f.updates?.length ?? 0;
    if (f.copy !== undefined) this.copies++;
    this.put('header', base);
    for (const k of ['updates', 'inputAck', 'status', 'ctlAck', 'ping'] as const) {
      if (f[k] !== undefined) this.put(k, encodeHostFrame({ [k]: f[k] } as Partial<HostFrame>).bytes.length - base);
    }
    for (const m of f.ctl?.msgs ?? []) this.put(`control ${decodeHostControl(m)?.t ?? '?'}`, m.length + 2);
  }

  describe(seconds: number): string {
    const parts = [...this.bytes].sort((x, y) => y[1] - x[1]).map(([k, b]) => `${k} ${(b / seconds / 1000).toFixed(2)}`);
    return `${parts.join(', ')} kB/s; ${(this.updates / Math.max(1, this.frames)).toFixed(2)} updates a frame; ${(this.copies / seconds).toFixed(1)} redundant copies/s`;
  }

  private put(k: string, n: number): void {
    this.bytes.set(k, (this.bytes.get(k) ?? 0) + n);
  }
}

/** The host socket's counters at one moment, and the bytes (headers added) between two of them. */
type Counters = LockstepHostService['transport']['counters'];
function traffic(a: Counters, b: Counters): { inBytes: number; outBytes: number; inDatagrams: number; outDatagrams: number } {
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
}

export default async function (ctx: BenchContext): Promise<void> {
  const clients = Number(process.env['BB_ROOM_CLIENTS'] ?? 49);
  const seconds = Number(process.env['BB_ROOM_SECONDS'] ?? 60);
  const service = await LockstepHostService.start({ trees, port: 0, address: '127.0.0.1', owner: { name: 'host', spectate: true }, settings: { roomName: 'bench', map: 'arena-small', matchSeconds: seconds, maxSlots: clients } });
  const verifier = service.owner ? new HeadlessPlayer({ peer: service.owner, now: () => service.now(), loadMap: mapLoader(), input: 'none', name: 'host', log: () => undefined }) : null;
  verifier?.start();
  if (verifier) service.setSnapshotSource(() => verifier.latestSnapshot());
  const swarms: Proc[] = [];
  try {
    const per = Math.ceil(clients / PROCESSES);
    for (let p = 0, left = clients; left > 0; p++, left -= per) swarms.push(run(`swarm${p}`, 'electron/services/testing/botSwarm.ts', [`127.0.0.1:${service.port}`, String(Math.min(per, left)), `p${p}b`]));
    const host = service.host;
    const humans = (): number => host.sessionList().filter((s) => !s.spectator).length;
    if (!(await until(() => humans() === clients, 60_000))) throw new Error(`only ${humans()} of ${clients} bots joined`);
    // Measurement tap on the host's socket: what each frame sent during the match is made of.
    const sections = new FrameSections();
    const t = service.transport;
    const send = t.send.bind(t);
    t.send = (to, bytes) => {
      if (host.phase === 'running') sections.add(bytes, host.match?.released ?? 0);
      send(to, bytes);
    };
    // The counters at loading start, match start (polled: ±10 ms) and the announced end.
    const loading0 = { ...t.counters };
    host.start(service.now());
    if (!(await until(() => host.phase === 'running', 30_000))) throw new Error('the match did not start');
    const run0 = { ...t.counters };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    if (!(await until(() => host.lastResult !== null, (seconds + 60) * 1000))) throw new Error('the match did not end');
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const match = traffic(run0, t.counters);
    const loading = traffic(loading0, run0);
    if (!(await until(() => swarms.every((s) => s.find('done') !== undefined), 30_000))) throw new Error('the bots did not report');
    const bots = swarms.flatMap((s) => (s.find('done')?.['bots'] ?? []) as BotResult[]);
    const hashes = new Set([...bots.map((b) => b.hash), verifier?.finishedHash ?? null]);
    const m = host.lastMatch;
    const room = (match.inBytes + match.outBytes) / wall;
    const g = 'net/room (real sockets)';
    const note = `${clients} bot players + the dedicated host's verifier, ${seconds} s on arena-small, loopback UDP, ${PROCESSES} bot processes`;
    ctx.record({ group: g, name: `room traffic at the host during the match, in + out, ${clients + 1} players`, value: room / 1000, unit: 'kB/s', goal: '<= 58.8 kB/s (20× under seed 000)', met: room <= SEED_000_BYTES_PER_S / 20, notes: `${(SEED_000_BYTES_PER_S / room).toFixed(1)}× under seed 000's ${SEED_000_BYTES_PER_S / 1000} kB/s; IP/UDP headers counted; ${note}` });
    ctx.record({ group: g, name: 'host in / out during the match', value: match.inBytes / wall / 1000, unit: 'kB/s in', notes: `out ${(match.outBytes / wall / 1000).toFixed(1)} kB/s; datagrams in ${(match.inDatagrams / wall).toFixed(0)}/s, out ${(match.outDatagrams / wall).toFixed(0)}/s` });
    ctx.record({ group: g, name: 'host frames during the match: payload by section', value: [...sections.bytes.values()].reduce((x, y) => x + y, 0) / wall / 1000, unit: 'kB/s', notes: sections.describe(wall) });
    ctx.record({ group: g, name: 'loading (before the first key), host in + out', value: (loading.inBytes + loading.outBytes) / 1000, unit: 'kB', notes: `${loading.inDatagrams + loading.outDatagrams} datagrams: slot tables still queued from the join burst, progress tables` });
    // The bots' real change rate: input entries the host released (one per changed intent).
    const entries = (m?.updates ?? []).reduce((n, u) => n + u.inputs.length, 0);
    const gameSeconds = ((m?.updates.length ?? 0) * host.lobby.settings.keyInterval) / LOGIC_HZ;
    ctx.record({ group: g, name: 'intent changes per player per second of game (what the updates carry)', value: entries / clients / Math.max(1, gameSeconds), unit: '/s', notes: `${entries} input entries in ${m?.updates.length ?? 0} keys` });
    const perClient = bots.map((b) => (b.sentBytes + b.receivedBytes + IP_UDP * (b.sent + b.received)) / wall);
    ctx.record({ group: g, name: 'per client, in + out, median (whole session / match length)', value: median(perClient) / 1000, unit: 'kB/s' });
    const blocked = bots.map((b) => b.blockedMs);
    ctx.record({ group: g, name: 'blocked per client, median', value: median(blocked), unit: 'ms', notes: `max ${Math.max(...blocked)} ms over the ${seconds} s match` });
    const waited = (m?.players.waitedBySlot() ?? []).filter((w) => w.ms > 0).sort((x, y) => y.ms - x.ms);
    ctx.record({ group: g, name: 'host stalls (holds beyond the input delay)', value: Math.round(m?.stallMs ?? 0), unit: 'ms', notes: `${m?.stalls ?? 0} holds; waited for most: ${waited.slice(0, 3).map((w) => `slot ${w.slot} ${Math.round(w.ms)} ms`).join(', ') || 'nobody'}` });
    ctx.record({ group: g, name: 'host process CPU during the match (authority + verifier simulating)', value: (cpu.user + cpu.system) / 1000 / wall, unit: 'ms/s' });
    ctx.record({ group: g, name: 'distinct final hashes (bots + verifier)', value: hashes.size, unit: '', goal: '= 1', met: hashes.size === 1 && !hashes.has(null) });
    const bots0 = host.lobby.slots.filter((s) => s.kind === SlotKind.Bot).length;
    ctx.note(`Room bench: ${note}; ${bots0} lobby bots; agreed ${String(host.lastResult?.agreed)}.`);
  } finally {
    verifier?.stop();
    await service.close();
    await killAll();
  }
}
