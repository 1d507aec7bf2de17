/**
 * Real processes on 127.0.0.1: a dedicated host (scripts/host.ts, verifying with the real
 * simulation) and 7 headless bot clients (scripts/client.ts), all through a seeded impairment
 * relay (50 ± 20 ms each way, 10 % loss). The input delay is pinned, so bot clients produce the
 * same inputs per key on every run and the final hash of a clean run is the reference for a run
 * under a flood of hostile datagrams. A killed client is waited for, named, dropped to a bot.
 * Last, without loss and with the delay the host chooses: where it is 10 s in, who waited.
 */
import dgram from 'node:dgram';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { PROTOCOL_VERSION } from '../../../core/net/header';
import { MoveMode } from '../../../core/sim/input';
import { encodeClientFrame, LOGIC_HZ } from '../../../core/lockstep';
import { encodeJoin } from '../../../core/lockstep';
import { Prng } from '../../../core/math/Prng';
import { killAll, run, type Proc, type Line } from '../testing/procs';
import { until } from '../testing/until';
import { ImpairmentRelay } from '../testing/ImpairmentRelay';
import { kernelDrops } from '../testing/kernelDrops';

const CLIENTS = 7;
const SECONDS = 12;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAll();
  for (const c of closers.splice(0)) await c();
});

/**
 * A room through the relay; `pinned`: the input delay is fixed (300 ms), the host waits for every
 * closure and the clients close their inputs only as a key begins (--deterministic both), so they
 * play the same inputs every run;
 * else the host chooses the delay and the clients close between keys, as the app does.
 */
async function room(hostArgs: string[] = [], opts = { pinned: true, loss: 0.1 }): Promise<{ host: Proc; clients: Proc[]; relay: ImpairmentRelay; hostPort: number }> {
  const host = run('host', 'scripts/host.ts', ['--headless', '--name', 'procs', '--wait', String(CLIENTS), '--bots', '1', '--seconds', String(SECONDS), '--port', '0', '--address', '127.0.0.1', ...(opts.pinned ? ['--delay', '300', '--deterministic'] : []), '--seed', '12345', ...hostArgs]);
  expect(await until(() => host.find('listening') !== undefined, 20_000)).toBe(true);
  const hostPort = Number(host.find('listening')?.['port']);
  const relay = await ImpairmentRelay.open({ target: `127.0.0.1:${hostPort}`, seed: 5, delayMs: 50, jitterMs: 20, loss: opts.loss });
  closers.push(() => relay.close());
  const clients = Array.from({ length: CLIENTS }, (_, i) => run(`c${i}`, 'scripts/client.ts', ['--join', `127.0.0.1:${relay.port}`, '--bot', ...(opts.pinned ? ['--deterministic'] : []), '--name', `c${i}`, '--address', '127.0.0.1']));
  onTestFailed(() => console.log(`[processes] failed; last lines:\n${[host, ...clients].map((p) => p.tail()).join('\n')}`));
  expect(await until(() => clients.every((c) => c.find('start') !== undefined), 120_000)).toBe(true);
  return { host, clients, relay, hostPort };
}

/** Waits for the match to end everywhere; on a timeout prints what each process said last. */
async function matchEnds(host: Proc, clients: readonly Proc[], ms: number): Promise<boolean> {
  const t0 = Date.now();
  const ok = await until(() => host.find('result') !== undefined && clients.every((c) => c.exitCode !== null), ms);
  if (!ok) console.log(`matchEnds: waited from ${t0} to ${Date.now()}; end=${JSON.stringify(host.find('result')?.at)} exits=${clients.map((c) => c.exitCode).join(',')}`);
  return ok;
}

function noErrors(all: Proc[]): void {
  for (const p of all) expect(p.lines.filter((l) => l.ev === 'error' || (l.ev === 'stderr' && !String(l['raw']).includes('npm warn')))).toEqual([]);
}

let cleanHash: number | null = null;

describe('real processes through an impairment relay', () => {
  it('a host and 7 bot clients reach identical final hashes', async () => {
    const { host, clients, relay } = await room();
    expect(await matchEnds(host, clients, 120_000)).toBe(true);
    const end = host.find('result');
    expect(end?.['agreed']).toBe(true);
    for (const c of clients) {
      expect(c.exitCode).toBe(0);
      expect(c.find('finished')?.['hash']).toBe(end?.['hash']);
    }
    expect(relay.counters.lost).toBeGreaterThan(0);
    noErrors([host, ...clients]);
    cleanHash = Number(end?.['hash']);
    console.log(`[processes] clean: hash ${cleanHash}, host stall ${String(end?.['stallMs'])} ms in ${String(end?.['stalls'])} holds, relay lost ${relay.counters.lost}/${relay.counters.lost + relay.counters.forwarded}`);
  }, 240_000);

  it('100 000 hostile datagrams during a match: dropped and counted, same final hash as the clean run', async () => {
    const { host, clients, relay, hostPort } = await room();
    const dropsBefore = kernelDrops(hostPort) ?? 0;
    const sent = await flood(hostPort, relay, 100_000);
    // On a busy machine the kernel drops part of the flood at the host's full receive buffer
    // (3-5 % in a loaded CI run): those never reach the app, so they are accounted for here.
    const dropped = (kernelDrops(hostPort) ?? 0) - dropsBefore;
    expect(await matchEnds(host, clients, 120_000)).toBe(true);
    const end = host.find('result');
    const c = end?.['counters'] as Record<string, number>;
    const udp = end?.['udp'] as Record<string, number>;
    const link = end?.['link'] as Record<string, number>;
    console.log(`[processes] hostile: sent ${JSON.stringify(sent)}; host counters ${JSON.stringify(c)}; udp ${JSON.stringify(udp)}; link ${JSON.stringify(link)}; dropped by the kernel ${dropped}`);
    for (const k of ['unknownAddress', 'notOurs', 'version'] as const) expect(c[k]).toBeGreaterThan(0);
    // Frames forged from a player's address with its sniffed token never reach core: the link
    // drops them for their missing tag (before protocol 9 core counted them wrongToken, wrongSlot
    // and malformed).
    expect(link['badMac']! + dropped).toBeGreaterThanOrEqual(sent['spoofToken']! + sent['spoofSlot']! + sent['spoofMalformed']!);
    expect(c['wrongToken']! + c['wrongSlot']! + c['malformed']!).toBe(0);
    expect(udp['oversize']).toBeGreaterThan(0);
    const accounted = c['unknownAddress']! + c['malformed']! + c['notOurs']! + c['version']! + link['badMac']! + udp['oversize']! + udp['queueFull']!;
    expect(accounted + dropped).toBeGreaterThanOrEqual((sent['total'] ?? 0) * 0.9);
    expect(end?.['agreed']).toBe(true);
    for (const p of clients) expect(p.find('finished')?.['hash']).toBe(end?.['hash']);
    if (cleanHash !== null) expect(end?.['hash']).toBe(cleanHash);
    noErrors([host, ...clients]);
  }, 240_000);

  it('a killed client: the others are told within 1 s, it becomes a bot, the match ends', async () => {
    // Vote after 5 s (the headless clients vote at once), force after 10: shorter, and a client
    // that a loaded machine starts a few seconds late is dropped before anyone is killed.
    const { host, clients } = await room(['--force-drop', '10', '--vote', '5']);
    // Killed mid-match: once it has played 3 s of game time (not after a wall-clock sleep). Its
    // own progress, not the slowest client's: on a loaded machine one lagging process would
    // push the kill to the end of the match.
    const victim = clients[3] as Proc;
    expect(await until(() => victim.find('played', (l) => Number(l['frame']) >= 3 * LOGIC_HZ) !== undefined, 60_000)).toBe(true);
    expect(clients.flatMap((c) => c.lines.filter((l) => l.ev === 'dropped'))).toEqual([]); // nobody lost before the kill
    const slot = Number(victim.find('accepted')?.['slot']);
    const killedAt = Date.now();
    victim.kill('SIGKILL');
    const others = clients.filter((c) => c !== victim);
    const named = (c: Proc) => c.find('notice', (l) => l.at >= killedAt && JSON.stringify(l['waiting']).includes(`"slot":${slot}`));
    expect(await until(() => others.every((c) => named(c) !== undefined), 5000)).toBe(true);
    const delays = others.map((c) => (named(c)?.at ?? 0) - killedAt);
    console.log(`[processes] kill: waiting notice after ${delays.join(' ')} ms`);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1000);
    expect(await matchEnds(host, others, 120_000)).toBe(true);
    for (const c of others) {
      expect(c.find('dropped')?.['slot']).toBe(slot);
      expect(c.find('finished')?.['hash']).toBe(host.find('result')?.['hash']);
    }
    expect(host.find('result')?.['agreed']).toBe(true);
  }, 240_000);

  it('a delay that suits the link: without a pinned delay the host comes down from its pessimistic start; one hash', async () => {
    const { host, clients } = await room([], { pinned: false, loss: 0 });
    expect(await matchEnds(host, clients, 120_000)).toBe(true);
    const end = host.find('result');
    expect(end?.['agreed']).toBe(true);
    for (const c of clients) expect(c.find('finished')?.['hash']).toBe(end?.['hash']);
    const startAt = host.find('starting')?.at ?? 0;
    const delays = host.lines.filter((l) => l.ev === 'delay').map((l) => ({ s: (l.at - startAt) / 1000, ms: Number(l['ms']) }));
    const at10 = delays.filter((d) => d.s <= 10).at(-1)?.ms ?? -1;
    const blocked = clients.map((c) => Number(c.find('finished')?.['blockedMs'] ?? -1));
    console.log(`[processes] chosen delay: ${delays.map((d) => `${d.ms} ms at ${d.s.toFixed(1)} s`).join(', ')}; blocked per client ${blocked.join(' ')} ms of ${SECONDS} s; host stall ${String(end?.['stallMs'])} ms`);
    // The pessimistic start (the worst RTT and a margin) is several hundred ms; the link needs
    // ~136 ms at the 97th percentile (the slowest of 7 uplinks plus a downlink). Here 10 s in:
    // 140-160 ms; far under the need, everyone would wait (below).
    // How far it has come at 10 s is a figure (logged), not a bound: in a whole-suite run it was one
    // step short (235 ms at 9.3 s, 210 on a loaded machine). What a busy machine still meets: it
    // comes down by at least 40 % before the match ends, and never far under what the link needs.
    const start = delays[0]?.ms ?? -1;
    const last = delays.at(-1)?.ms ?? -1;
    console.log(`[processes] delay at 10 s: ${at10} ms; at the end: ${last} ms`);
    expect(start).toBeGreaterThan(250);
    expect(last).toBeLessThanOrEqual(start * 0.6);
    expect(Math.min(...delays.map((d) => d.ms))).toBeGreaterThanOrEqual(110);
    // Nobody waits more than 5 % of the match (here 0-64 ms of 12 s, 165 ms once in a whole-suite
    // run). These clients close their inputs between keys, as the app does: with --deterministic
    // (closures only as a key begins) a delay that is not a whole number of keys closes up to a key
    // late, and every client waited ~1 s of 12 near 190 ms.
    expect(Math.max(...blocked)).toBeLessThan(SECONDS * 1000 * 0.05);
    noErrors([host, ...clients]);
  }, 240_000);
});

/** Sends `n` hostile datagrams of every kind at the host, paced over a few seconds. */
async function flood(port: number, relay: ImpairmentRelay, n: number): Promise<Record<string, number>> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const rng = new Prng(99);
  const names = ['random', 'truncated', 'version', 'oversize', 'fakeToken', 'spoofToken', 'spoofSlot', 'spoofMalformed'] as const;
  const kinds: Record<string, number> = { total: 0 };
  const seen = relay.clients().filter((c) => c.token !== null);
  const frame = (token: number, slot: number) =>
    encodeClientFrame({ token, progress: { recvKey: 10, closedThrough: 12 }, inputs: [{ key: 12, slot, input: { move: MoveMode.Direction, angle: rng.int(4096), targetX: 0, targetY: 0, split: true, eject: false } }] }).bytes;
  for (let i = 0; i < n; i++) {
    const kind = names[i % names.length] ?? 'random';
    const victim = seen[i % Math.max(1, seen.length)];
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    kinds['total']!++;
    if (kind.startsWith('spoof') && victim && victim.token !== null) {
      // From a real client's address (a spoofing machine on the LAN), with its sniffed token.
      const bytes = kind === 'spoofToken' ? frame(victim.token ^ 0x5a5a, 0) : kind === 'spoofSlot' ? frame(victim.token, 49) : Uint8Array.of(...frame(victim.token, 0), 0xee);
      relay.inject(victim.client, bytes);
    } else {
      let b: Uint8Array;
      if (kind === 'random') b = Uint8Array.from({ length: rng.int(100) }, () => rng.int(256));
      else if (kind === 'truncated') b = frame(rng.u32(), 0).slice(0, 4 + rng.int(8));
      else if (kind === 'version') (b = encodeJoin({ nonce: i, spectate: false, name: 'x', appVersion: '0.1.0' })), (b[2] = PROTOCOL_VERSION + 1);
      else if (kind === 'oversize') b = new Uint8Array(1201 + rng.int(3000));
      else b = frame(rng.u32(), rng.int(8));
      s.send(b, port, '127.0.0.1');
    }
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 10));
  }
  s.close();
  return kinds;
}
