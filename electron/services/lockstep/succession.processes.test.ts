/**
 * The match outlives its host, with real processes on 127.0.0.1 (issue 13; loopback only, the
 * headless host has no discovery): a dedicated host (scripts/host.ts) and four headless bot
 * clients; the host is killed (SIGKILL) mid-match. The first client takes over on its own socket,
 * the other three re-attach to it, and all four finish the match with one hash. Each prints how
 * long its play stood still ('resumed' frozeMs: its last frame under the old host → its first under
 * the new one). A host that was only stopped for a while (SIGSTOP) is replaced the same way, and
 * when it runs again it learns so (its fence: HostSuccession) and leaves instead of playing on.
 * On a failure, what each process said last is printed.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { killAll, run, type Proc, type Line } from '../testing/procs';
import { until } from '../testing/until';

afterEach(async () => {
  await killAll();
});

const errors = (p: Proc): Line[] => p.lines.filter((l) => l.ev === 'error' || (l.ev === 'stderr' && !String(l['raw']).includes('npm warn')));

describe('host succession with real processes on loopback', () => {
  /** A dedicated host and four headless bot clients, after five seconds of play. */
  async function room(procs: Proc[]): Promise<{ host: Proc; clients: Proc[] }> {
    const start = (name: string, script: string, args: string[]): Proc => {
      const p = run(name, script, args);
      procs.push(p);
      return p;
    };
    const host = start('host', 'scripts/host.ts', ['--headless', '--name', 'succession', '--wait', '4', '--bots', '1', '--seconds', '20', '--port', '0', '--address', '127.0.0.1']);
    expect(await until(() => host.find('listening') !== undefined, 60_000)).toBe(true);
    const target = `127.0.0.1:${Number(host.find('listening')?.['port'])}`;
    const clients = [0, 1, 2, 3].map((i) => start(`c${i}`, 'scripts/client.ts', ['--join', target, '--bot', '--name', `c${i}`, '--address', '127.0.0.1']));
    expect(await until(() => clients.every((c) => c.find('played', (l) => Number(l['frame']) >= 5 * 60) !== undefined), 120_000)).toBe(true);
    return { host, clients };
  }

  /** One client took over, the others followed it, and all four finished with one hash. */
  function oneHeir(clients: Proc[]): { heir: Proc; hash: unknown } {
    const heir = clients.filter((c) => c.find('succeed') !== undefined);
    expect(heir).toHaveLength(1);
    for (const c of clients) expect(c.find('hosting')?.['me']).toBe(c === heir[0]);
    const hashes = clients.map((c) => c.find('finished')?.['hash']);
    expect(hashes[0]).toBeTypeOf('number');
    expect(new Set(hashes).size).toBe(1);
    for (const c of clients) expect(c.exitCode).toBe(0);
    for (const p of clients) expect(errors(p)).toEqual([]);
    return { heir: heir[0] as Proc, hash: hashes[0] };
  }

  it('a SIGKILLed dedicated host is succeeded by a client; all four finish with one hash', async () => {
    const procs: Proc[] = [];
    onTestFailed(() => console.log(`[processes succession] failed; last lines:\n${procs.map((p) => p.tail()).join('\n')}`));
    const { host, clients } = await room(procs);
    host.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await until(() => clients.every((c) => c.exitCode !== null), 90_000)).toBe(true);
    const { heir, hash } = oneHeir(clients);
    const froze = clients.map((c) => Number(c.find('resumed')?.['frozeMs']));
    const tookOver = (heir.find('succeed')?.at ?? 0) - killedAt;
    console.log(`[processes succession] kill → takeover ${tookOver} ms (the test's clock); play stood still ${froze.join(', ')} ms; hash ${String(hash)}`);
    for (const f of froze) expect(f).toBeLessThan(5000);
  }, 300_000);

  it('a dedicated host stopped for 2.5 s (SIGSTOP) is replaced: it learns so and leaves, and never plays on beside its successor', async () => {
    const procs: Proc[] = [];
    onTestFailed(() => console.log(`[processes succession] failed; last lines:\n${procs.map((p) => p.tail()).join('\n')}`));
    const { host, clients } = await room(procs);
    host.kill('SIGSTOP');
    await new Promise((r) => setTimeout(r, 2500));
    host.kill('SIGCONT');
    expect(await until(() => host.exitCode !== null && clients.every((c) => c.exitCode !== null), 90_000)).toBe(true);
    const replaced = host.find('replaced');
    expect(replaced).toBeDefined();
    expect(host.find('result')).toBeUndefined();
    expect(host.exitCode).toBe(0);
    const { heir, hash } = oneHeir(clients);
    console.log(`[processes succession] stopped 2.5 s: ${heir.name} hosts, the old host left at key ${String(replaced?.['released'])} after ${String((replaced?.['counters'] as Record<string, number> | undefined)?.['fences'])} fence(s); hash ${String(hash)}`);
  }, 300_000);
});
