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
import { SlotKind } from '../../../core/lockstep';
import { run, killAll } from '../testing/procs';
import type { Proc } from '../testing/procs';
import { until } from '../testing/until';
import { HeadlessPlayer } from './HeadlessPlayer';
import { mapLoader } from './loadMap';
import { LockstepHostService } from './LockstepHostService';

/** Seed 000's naive state sync for 50 players: 4 floats × 4 B × 30 Hz × 50 senders × 49 receivers. */
const SEED_000_BYTES_PER_S = 4 * 4 * 30 * 50 * 49;
const IP_UDP = 28;
const PROCESSES = 3;

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
  const service = await LockstepHostService.start({ port: 0, address: '127.0.0.1', owner: { name: 'host', spectate: true }, settings: { roomName: 'bench', map: 'arena-small', matchSeconds: seconds, maxSlots: clients } });
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
    const udp0 = { ...service.transport.counters };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    host.start(service.now());
    if (!(await until(() => host.lastResult !== null, (seconds + 60) * 1000))) throw new Error('the match did not end');
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const u = service.transport.counters;
    const inBytes = u.receivedBytes - udp0.receivedBytes + IP_UDP * (u.received - udp0.received);
    const outBytes = u.sentBytes - udp0.sentBytes + IP_UDP * (u.sent - udp0.sent);
    if (!(await until(() => swarms.every((s) => s.find('done') !== undefined), 30_000))) throw new Error('the bots did not report');
    const bots = swarms.flatMap((s) => (s.find('done')?.['bots'] ?? []) as BotResult[]);
    const hashes = new Set([...bots.map((b) => b.hash), verifier?.finishedHash ?? null]);
    const m = host.lastMatch;
    const room = (inBytes + outBytes) / wall;
    const g = 'net/room (real sockets)';
    const note = `${clients} bot players + the dedicated host's verifier, ${seconds} s on arena-small, loopback UDP, ${PROCESSES} bot processes`;
    ctx.record({ group: g, name: `room traffic at the host, in + out, ${clients + 1} players`, value: room / 1000, unit: 'kB/s', goal: '<= 58.8 kB/s (20× under seed 000)', met: room <= SEED_000_BYTES_PER_S / 20, notes: `${(SEED_000_BYTES_PER_S / room).toFixed(1)}× under seed 000's ${SEED_000_BYTES_PER_S / 1000} kB/s; IP/UDP headers counted; ${note}` });
    ctx.record({ group: g, name: 'host in / out', value: inBytes / wall / 1000, unit: 'kB/s in', notes: `out ${(outBytes / wall / 1000).toFixed(1)} kB/s` });
    ctx.record({ group: g, name: 'host datagrams a second, in + out', value: (u.received - udp0.received + u.sent - udp0.sent) / wall, unit: '/s', notes: `in ${((u.received - udp0.received) / wall).toFixed(0)}/s, out ${((u.sent - udp0.sent) / wall).toFixed(0)}/s` });
    const perClient = bots.map((b) => (b.sentBytes + b.receivedBytes + IP_UDP * (b.sent + b.received)) / wall);
    ctx.record({ group: g, name: 'per client, in + out, median', value: median(perClient) / 1000, unit: 'kB/s' });
    const blocked = bots.map((b) => b.blockedMs);
    ctx.record({ group: g, name: 'blocked per client, median', value: median(blocked), unit: 'ms', notes: `max ${Math.max(...blocked)} ms over the ${seconds} s match` });
    const waited = (m?.players.waitedBySlot() ?? []).filter((w) => w.ms > 0).sort((a, b) => b.ms - a.ms);
    ctx.record({ group: g, name: 'host stalls (holds beyond the input delay)', value: Math.round(m?.stallMs ?? 0), unit: 'ms', notes: `${m?.stalls ?? 0} holds; waited for most: ${waited.slice(0, 3).map((w) => `slot ${w.slot} ${Math.round(w.ms)} ms`).join(', ') || 'nobody'}` });
    ctx.record({ group: g, name: 'host process CPU during the match (authority + verifier simulating)', value: (cpu.user + cpu.system) / 1000 / wall, unit: 'ms/s' });
    ctx.record({ group: g, name: 'distinct final hashes (bots + verifier)', value: hashes.size, unit: '', goal: '= 1', met: hashes.size === 1 && !hashes.has(null) });
    const bots0 = host.lobby.slots.filter((s) => s.kind === SlotKind.Bot).length;
    ctx.note(`Room bench: ${note}; ${bots0} lobby bots; agreed ${String(host.lastResult?.agreed)}.`);
  } finally {
    verifier?.stop();
    await service.close();
    killAll();
  }
}
