/**
 * Our UDP liveness probe: rows stay while the host answers, go once it has been silent past the
 * expiry (no goodbye needed), come back when it answers again; forged PONGs do not keep a row.
 * Driven by a manual scheduler, so "3 s" here is simulated time, not wall-clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeProbe, encodePong } from '../../../core/net/probe';
import { GameList } from './gameList';
import { LivenessProber } from './liveness';
import { busLan, makeAdvert, waitFor } from './testing/fixtures';
import type { BusLan } from './testing/fixtures';
import { ManualScheduler, settle } from './testing/manualScheduler';
import type { Datagram, DatagramPort } from './udpPort';

let lan: BusLan | null = null;
afterEach(async () => {
  await lan?.close();
  lan = null;
});

describe('expiry by probe on the bus', () => {
  it('keeps a live host, drops a silent one ~3 s after its last answer, relists it when it answers again', async () => {
    const sched = new ManualScheduler();
    lan = await busLan({ scheduler: sched });
    lan.bus.dropBroadcast = true; // only mDNS and the probe: no beacon to refresh the row
    const joiner = lan.joiners[0];
    await joiner?.startBrowsing();
    await lan.host.host(makeAdvert());
    await waitFor('row', () => joiner?.rows()[0]);
    for (let s = 0; s < 10; s++) {
      await sched.advance(1000);
      expect(joiner?.rows()).toHaveLength(1);
    }
    expect(joiner?.rows()[0]?.pingMs).toBe(0); // simulated time does not move during a round trip

    lan.bus.unplugged.add('198.18.0.1'); // crash: no goodbye, no answers
    await sched.advance(2500);
    expect(joiner?.rows()).toHaveLength(1);
    await sched.advance(1000);
    expect(joiner?.rows()).toHaveLength(0);

    lan.bus.unplugged.delete('198.18.0.1');
    await sched.advance(20_000); // the browser's backed-off re-query reaches the host again
    expect(joiner?.rows()).toMatchObject([{ gameId: 'a1b2c3d4e5f6', via: ['mdns'] }]);
  });
});

/** A probe socket that records what is sent and lets the test inject datagrams. */
function fakeSocket(): DatagramPort & { sent: Datagram[]; inject(d: Datagram): void } {
  const handlers: Array<(d: Datagram) => void> = [];
  const sent: Datagram[] = [];
  return {
    port: 50000,
    sent,
    send: async (bytes, port, address) => void sent.push({ bytes, port, address }),
    onMessage: (fn) => void handlers.push(fn),
    onError: () => {},
    close: async () => {},
    inject: (d) => handlers.forEach((h) => h(d)),
  };
}

describe('LivenessProber', () => {
  it('counts only PONGs with our nonce from the address and port pinged', async () => {
    const sched = new ManualScheduler();
    const list = new GameList(() => sched.now(), 3000);
    const socket = fakeSocket();
    const prober = new LivenessProber(list, socket, sched, { intervalMs: 1000, sweepMs: 250, expireMs: 3000 }, () => {});
    prober.start();
    const advert = makeAdvert();
    list.sight({ via: 'beacon', address: '198.18.0.1', port: 47777, advert: { ok: true, advert, compatible: true } });
    const answer = (from: string, port: number, nonceDelta = 0): void => {
      const ping = socket.sent.at(-1);
      const d = ping && decodeProbe(ping.bytes, 0);
      if (!d?.ok || d.message.kind !== 'ping') throw new Error('no ping sent');
      socket.inject({ bytes: encodePong(d.message.nonce + nonceDelta, d.message.time, { ...advert, players: 7 }), address: from, port });
    };
    for (let s = 0; s < 6; s++) {
      await sched.advance(1000);
      answer('198.18.0.99', 47777); // forged: wrong source address
      answer('198.18.0.1', 47778); // wrong port
      answer('198.18.0.1', 47777, 1); // wrong nonce
    }
    expect(list.rows()).toHaveLength(0);

    list.sight({ via: 'beacon', address: '198.18.0.1', port: 47777, advert: { ok: true, advert, compatible: true } });
    for (let s = 0; s < 6; s++) {
      await sched.advance(1000);
      answer('198.18.0.1', 47777);
      await settle(1);
    }
    expect(list.rows()).toMatchObject([{ players: 7, pingMs: 0 }]); // the PONG's advert refreshed the row
    prober.stop();
  });
});
