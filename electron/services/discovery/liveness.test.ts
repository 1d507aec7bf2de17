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

describe('one game at two addresses', () => {
  /** A list and a prober answering for the hosts in `up` (address → players in its advert). */
  function pinged(up: Map<string, number>) {
    const sched = new ManualScheduler();
    const list = new GameList(() => sched.now(), 3000);
    const socket = fakeSocket();
    const prober = new LivenessProber(list, socket, sched, { intervalMs: 1000, sweepMs: 250, expireMs: 3000 }, () => {});
    prober.start();
    const advert = makeAdvert();
    const sight = (address: string): void => list.sight({ via: 'beacon', address, port: 47777, advert: { ok: true, advert, compatible: true } });
    /** Time passes; each live host answers the pings sent to it. */
    const pass = async (ms: number): Promise<void> => {
      for (let t = 0; t < ms; t += 250) {
        const from = socket.sent.length;
        await sched.advance(250);
        for (const p of socket.sent.slice(from)) {
          const d = decodeProbe(p.bytes, 0);
          const players = up.get(p.address);
          if (d.ok && d.message.kind === 'ping' && players !== undefined) socket.inject({ bytes: encodePong(d.message.nonce, d.message.time, { ...advert, players }), address: p.address, port: p.port });
        }
        await settle(1);
      }
    };
    return { list, sight, pass, stop: () => prober.stop() };
  }

  it('a room whose host died is listed once, at the successor that advertises it under its id (issue 13)', async () => {
    const up = new Map([['198.18.0.1', 3]]);
    const t = pinged(up);
    t.sight('198.18.0.1');
    await t.pass(3000);
    up.delete('198.18.0.1'); // the host dies…
    await t.pass(700);
    up.set('198.18.0.7', 2); // …and a successor advertises the room
    t.sight('198.18.0.7');
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      await t.pass(250);
      const rows = t.list.rows();
      expect(rows).toHaveLength(1);
      seen.push(rows[0]!.address);
    }
    expect(seen.at(-1)).toBe('198.18.0.7');
    expect(t.list.rows()).toMatchObject([{ address: '198.18.0.7', players: 2 }]);
    expect(t.list.targets().map((x) => x.address)).toEqual(['198.18.0.7']); // the dead host's entry expired
    t.stop();
  });

  it('one live host seen from two addresses keeps the first, never flipping', async () => {
    const up = new Map([['198.18.0.1', 3], ['10.9.0.1', 3]]);
    const t = pinged(up);
    t.sight('198.18.0.1');
    t.sight('10.9.0.1');
    for (let i = 0; i < 20; i++) {
      await t.pass(250);
      expect(t.list.rows().map((r) => r.address)).toEqual(['198.18.0.1']);
    }
    up.delete('198.18.0.1'); // that interface goes down: the other address is listed
    await t.pass(2000);
    expect(t.list.rows().map((r) => r.address)).toEqual(['10.9.0.1']);
    t.stop();
  });
});

describe('a host whose game port is silent', () => {
  it('is listed, and said to answer nothing once seen 2.5 s without a PONG; a PONG clears it', async () => {
    const sched = new ManualScheduler();
    const list = new GameList(() => sched.now(), 3000);
    const socket = fakeSocket();
    const prober = new LivenessProber(list, socket, sched, { intervalMs: 1000, sweepMs: 250, expireMs: 3000 }, () => {});
    prober.start();
    const advert = makeAdvert();
    // Beacons arrive (the host sends them out) while its firewall drops every PING to its game port.
    const beacon = (): void => list.sight({ via: 'beacon', address: '198.18.0.1', port: 47777, advert: { ok: true, advert, compatible: true } });
    beacon();
    expect(list.rows()).toMatchObject([{ portAnswers: null, pingMs: null }]);
    await sched.advance(2250);
    beacon();
    expect(list.rows()[0]?.portAnswers).toBeNull();
    await sched.advance(250);
    expect(list.rows()).toMatchObject([{ portAnswers: false, pingMs: null }]);
    expect(list.rowAt('198.18.0.1', 47777)?.room).toBe(advert.room);
    expect(list.rowAt('198.18.0.1', 47778)).toBeUndefined();

    // The firewall lets the port through: the next PONG says it answers.
    const ping = socket.sent.at(-1);
    const d = ping && decodeProbe(ping.bytes, 0);
    if (!d?.ok || d.message.kind !== 'ping') throw new Error('no ping sent');
    socket.inject({ bytes: encodePong(d.message.nonce, d.message.time, advert), address: '198.18.0.1', port: 47777 });
    await settle(1);
    expect(list.rows()).toMatchObject([{ portAnswers: true, pingMs: 500 }]); // the PING went at 2 s, its PONG at 2.5 s
    prober.stop();
  });
});
