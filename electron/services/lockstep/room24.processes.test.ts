/**
 * Twenty-four real client processes on 127.0.0.1 against a dedicated host (scripts/host.ts,
 * verifying with the real simulation): every process ends on the host's one final hash. Kept short
 * (8 s of match); the 49-client room with its traffic and waiting figures is bench/room.bench.ts.
 * Blocked time per client is printed so a run on a crowded machine can be told from a protocol
 * regression: it is CPU starvation when it grows with the machine's load, not with the room.
 * On a starved machine the clients may elect a new host while the dedicated one stands still
 * (issue 13): then the old host says it was replaced, released nothing after its stall, and every
 * client still ends with one hash — never two rooms.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, run, type Proc } from '../testing/procs';
import { until } from '../testing/until';

const CLIENTS = 24;
const SECONDS = 8;

afterEach(async () => {
  await killAll();
});

describe('a room of 24 real client processes', () => {
  it('every client finishes with the host verifier’s hash', async () => {
    const host = run('host', 'scripts/host.ts', ['--headless', '--name', 'room24', '--wait', String(CLIENTS), '--seconds', String(SECONDS), '--port', '0', '--address', '127.0.0.1', '--seed', '2424']);
    expect(await until(() => host.find('listening') !== undefined, 30_000)).toBe(true);
    const port = Number(host.find('listening')?.['port']);
    const clients: Proc[] = Array.from({ length: CLIENTS }, (_, i) => run(`c${i}`, 'scripts/client.ts', ['--join', `127.0.0.1:${port}`, '--bot', '--name', `c${i}`, '--address', '127.0.0.1']));
    const ended = await until(() => (host.find('result') ?? host.find('replaced')) !== undefined && clients.every((c) => c.exitCode !== null), 200_000);
    if (!ended) for (const p of [host, ...clients]) console.log(`--- ${p.name} exit=${p.exitCode}: ${p.lines.slice(-3).map((l) => JSON.stringify(l).slice(0, 300)).join(' | ')}`);
    expect(ended).toBe(true);
    const hashes = new Set(clients.map((c) => c.find('finished')?.['hash']));
    if (hashes.size !== 1) {
      // Who followed whom: the takeovers each client saw, and how it ended.
      const told = (c: Proc): string => c.lines.filter((l) => ['succeed', 'hosting', 'failed', 'closed', 'dropped', 'finished'].includes(String(l.ev))).map((l) => JSON.stringify({ ...l, at: undefined }).slice(0, 160)).join(' ');
      console.log(`[room24] host: ${JSON.stringify(host.find('replaced') ?? host.find('result')).slice(0, 600)}\n${clients.map((c) => `${c.name}: ${told(c)}`).join('\n')}`);
    }
    expect(hashes.size).toBe(1);
    const result = host.find('result');
    if (result) {
      expect(result['agreed']).toBe(true);
      expect([...hashes]).toEqual([result['hash']]);
    } else {
      const hosting = clients.filter((c) => c.find('hosting')?.['me'] === true).map((c) => c.name);
      console.log(`[room24] the starved host was replaced by ${hosting.join(', ')} at key ${String(host.find('replaced')?.['released'])}; one hash ${String([...hashes][0])}`);
      expect(hosting.length).toBeGreaterThan(0);
    }
    for (const c of clients) expect(c.exitCode).toBe(0);
    const blocked = clients.map((c) => Number(c.find('finished')?.['blockedMs'])).sort((a, b) => a - b);
    console.log(`[room24] hash ${String([...hashes][0])}; blocked per client median ${blocked[CLIENTS >> 1]} ms, max ${blocked[CLIENTS - 1]} ms; host stall ${String(result?.['stallMs'])} ms in ${String(result?.['stalls'])} holds`);
  }, 300_000);
});
