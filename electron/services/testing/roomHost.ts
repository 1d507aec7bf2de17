/**
 * Test and benchmark tool: the dedicated host of a measured room (a LockstepNode hosting, its
 * verifier the owner, as `npm run host` runs it), in a process of its own so it can run inside a test
 * network namespace. It waits for `clients` players, starts one match, and reports what its
 * socket carried while the match ran (28 B of IP/UDP header per datagram added by the reader).
 *
 *   node --import tsx electron/services/testing/roomHost.ts <bind ip> <clients> <seconds> [group interface ip]
 *
 * With a group interface the host multicasts its releases there (issue 15): only inside a test
 * namespace (the room bench and the group test create one). Prints {ev:'listening', port}, then
 * {ev:'done', …figures} when the match ended, and exits.
 */
import { performance } from 'node:perf_hooks';
import { decodeDatagram, decodeHostControl, encodeHostFrame, LOGIC_HZ, SlotKind } from '../../../core/lockstep';
import type { HostFrame } from '../../../core/lockstep';
import { EventKind } from '../../../core/sim';
import { mapLoader } from '../lockstep/loadMap';
import { loadTrees } from '../lockstep/loadTrees';
import { LockstepNode } from '../lockstep/LockstepNode';
import { until } from './until';

const [bind, clientsText, secondsText, groupInterface] = process.argv.slice(2);
const clients = Number(clientsText);
const seconds = Number(secondsText);
if (!bind || !Number.isInteger(clients) || clients < 1 || clients > 64 || !(seconds > 0)) {
  console.error('usage: roomHost.ts <bind ip> <clients 1..64> <seconds> [group interface ip]');
  process.exit(2);
}
const print = (o: Record<string, unknown>): void => void process.stdout.write(JSON.stringify(o) + '\n');

/** Bytes of each section of the host frames sent while the match runs (each re-encoded alone). */
class FrameSections {
  readonly bytes: Record<string, number> = {};
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
    for (const k of ['updates', 'inputAck', 'status', 'ctlAck', 'ping', 'held'] as const) {
      if (f[k] !== undefined) this.put(k, encodeHostFrame({ [k]: f[k] } as Partial<HostFrame>).bytes.length - base);
    }
    for (const m of f.ctl?.msgs ?? []) this.put(`control ${decodeHostControl(m)?.t ?? '?'}`, m.length + 2);
  }

  private put(k: string, n: number): void {
    this.bytes[k] = (this.bytes[k] ?? 0) + n;
  }
}

async function main(): Promise<void> {
  const service = await LockstepNode.open({ trees: loadTrees().trees, port: 0, address: bind as string, ...(groupInterface ? { groupInterface } : {}), verifier: { loadMap: mapLoader(), name: 'host' } });
  const host = service.host({ settings: { roomName: 'bench', map: 'arena-small', matchSeconds: seconds, maxSlots: clients } });
  const verifier = service.verifier;
  print({ ev: 'listening', port: service.port });
  const humans = (): number => host.sessionList().filter((s) => !s.spectator).length;
  if (!(await until(() => humans() === clients, 120_000))) throw new Error(`only ${humans()} of ${clients} players joined`);
  // Measurement tap on the host's socket: what each frame sent during the match is made of.
  const sections = new FrameSections();
  const t = service.transport;
  const tap = (bytes: Uint8Array): void => {
    if (host.phase === 'running') sections.add(bytes, host.match?.released ?? 0);
  };
  const send = t.send.bind(t);
  t.send = (to, bytes) => (tap(bytes), send(to, bytes));
  const sendGroup = t.sendGroup.bind(t);
  t.sendGroup = (bytes) => (tap(bytes), sendGroup(bytes));
  // The counters at loading start, match start (polled: ±10 ms) and the announced end.
  const loading0 = { ...t.counters };
  host.start(service.now());
  if (!(await until(() => host.phase === 'running', 30_000))) throw new Error('the match did not start');
  const run0 = { ...t.counters };
  // What the players did, from the verifier's simulation: the frames' split, eject and burst events.
  const did = { splits: 0, ejects: 0, bursts: 0 };
  if (await until(() => verifier?.game != null, 10_000)) {
    const game = verifier!.game!;
    const step = game.step.bind(game);
    game.step = (inputs) => {
      const events = step(inputs);
      for (let i = 0; i < events.count; i++) {
        const k = events.kind(i);
        if (k === EventKind.Split) did.splits++;
        else if (k === EventKind.Ejected) did.ejects++;
        else if (k === EventKind.VirusPopped) did.bursts++;
      }
      return events;
    };
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (!(await until(() => host.lastResult !== null, (seconds + 60) * 1000))) throw new Error('the match did not end');
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await until(() => verifier?.finishedHash !== null, 10_000);
  const m = host.lastMatch;
  const entries = (m?.updates ?? []).reduce((n, u) => n + u.inputs.length, 0);
  print({
    ev: 'done',
    wall,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loading0,
    run0,
    end: t.counters,
    sections,
    entries,
    keys: m?.updates.length ?? 0,
    gameSeconds: ((m?.updates.length ?? 0) * host.lobby.settings.keyInterval) / LOGIC_HZ,
    stallMs: Math.round(m?.stallMs ?? 0),
    stalls: m?.stalls ?? 0,
    waited: (m?.players.waitedBySlot() ?? []).filter((w) => w.ms > 0).sort((x, y) => y.ms - x.ms).slice(0, 3),
    verifierHash: verifier?.finishedHash ?? null,
    agreed: host.lastResult?.agreed ?? null,
    lobbyBots: host.lobby.slots.filter((s) => s.kind === SlotKind.Bot).length,
    groupFrames: host.counters.groupFrames,
    groupRepairs: host.counters.groupRepairs,
    ...did,
  });
  await service.close();
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(`roomHost: ${(e as Error).message}`);
  process.exit(1);
});
