/**
 * The relay on real loopback sockets: a datagram that leaves during a latency spike reaches the
 * host no sooner than the spike's extra delay after it was sent, and the held datagrams come out in
 * the order they were sent although the jitter alone would reorder them. Lower bounds only: how
 * late they come depends on the machine's load. Bad figures are refused before a socket opens.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { UdpTransport } from '../lockstep/UdpTransport';
import { ImpairmentRelay } from './ImpairmentRelay';
import { WIFI_PROFILE } from './LinkModel';
import { until } from './until';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

describe('ImpairmentRelay', () => {
  it('holds what leaves in a spike: it arrives extraMs after it was sent at the soonest, in the order sent', async () => {
    const host = await UdpTransport.open({ port: 0, address: '127.0.0.1' });
    open.push(host);
    const arrived: { seq: number; at: number }[] = [];
    host.onDatagrams((batch) => {
      for (const d of batch) arrived.push({ seq: d.bytes[0] ?? -1, at: performance.now() });
    });
    // Spikes nearly all the time, so a datagram the relay reads late, on a busy machine, is still in one;
    // seed 479 puts the first at 1 ms, so the test seldom waits for one.
    const spikes = { everyMs: 10_000, forMs: 9_900, extraMs: 250 };
    const relay = await ImpairmentRelay.open({ target: `127.0.0.1:${host.port}`, seed: 479, delayMs: 5, jitterMs: 5, loss: 0, spikes });
    open.push(relay);
    const client = await UdpTransport.open({ port: 0, address: '127.0.0.1' });
    open.push(client);
    const to = `127.0.0.1:${relay.port}`;

    client.send(to, Uint8Array.of(0)); // the relay meets the client (and draws its spikes)
    expect(await until(() => arrived.length === 1, 10_000)).toBe(true);
    const schedule = relay.spikes(`127.0.0.1:${client.port}`);
    expect(schedule).not.toBeNull();
    const into = (): number => ((((relay.now() - (schedule?.phaseMs ?? 0)) % spikes.everyMs) + spikes.everyMs) % spikes.everyMs);
    // Send from 10 ms into a spike up to half of it: the relay has 4.9 s to read them inside it.
    if (into() < 10 || into() > 5000) await new Promise((r) => setTimeout(r, spikes.everyMs - into() + 10));
    expect(schedule?.holds(relay.now())).toBe(true);

    const sent = new Map<number, number>();
    for (let seq = 1; seq <= 20; seq++) {
      sent.set(seq, performance.now());
      client.send(to, Uint8Array.of(seq));
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await until(() => arrived.length === 21, 30_000)).toBe(true);
    const held = arrived.slice(1);
    for (const a of held) expect(a.at - (sent.get(a.seq) ?? Infinity)).toBeGreaterThanOrEqual(spikes.extraMs);
    expect(held.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(relay.counters).toMatchObject({ lost: 0, forwarded: 21 });
    expect(relay.counters.spiked).toBeGreaterThanOrEqual(20); // and the first one, if it came in a spike
  });

  it('refuses bad figures in one line', async () => {
    await expect(ImpairmentRelay.open({ target: '127.0.0.1:1', seed: 1, ...WIFI_PROFILE, spikes: { everyMs: 100, forMs: 300, extraMs: 250 } })).rejects.toThrow(/^link spikes\.forMs \(300\) must be shorter than spikes\.everyMs \(100\)$/);
    await expect(ImpairmentRelay.open({ target: '127.0.0.1:1', seed: 1, delayMs: 50, jitterMs: -5, loss: 0 })).rejects.toThrow(/^link jitterMs must be a whole number of ms ≥ 0, got -5$/);
  });
});
