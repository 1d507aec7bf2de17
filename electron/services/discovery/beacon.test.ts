/**
 * The broadcast beacon: finds hosts where multicast is dropped, BYE removes them, only selected
 * subnets count, hostile datagrams are harmless, socket errors become status.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeBeacon, encodeBye, encodePing } from '../../../core/net/probe';
import { BeaconListener } from './beacon';
import type { BeaconSink } from './beacon';
import type { Sighting } from './gameList';
import { busLan, makeAdvert, waitFor } from './testing/fixtures';
import type { BusLan } from './testing/fixtures';
import { openUdp } from './udpPort';
import { xorshift } from '../../../test/prng';

let lan: BusLan | null = null;
afterEach(async () => {
  await lan?.close();
  lan = null;
});

describe('beacon on the bus', () => {
  it('finds the host with multicast dropped, and the BYE removes it at once', async () => {
    lan = await busLan({ joiners: 2, service: { expireMs: 60_000 } });
    lan.bus.dropMulticast = true;
    for (const j of lan.joiners) await j.startBrowsing();
    await lan.host.host(makeAdvert());
    for (const j of lan.joiners) {
      const row = await waitFor('row', () => j.rows()[0]);
      expect(row).toMatchObject({ address: '198.18.0.1', port: 47777, via: ['beacon'], room: 'Friday brawl' });
    }
    await lan.host.stopHosting();
    for (const j of lan.joiners) await waitFor('removal', () => j.rows().length === 0, 1000);
  });

  it('reports a failing broadcast send as unavailable with the reason', async () => {
    lan = await busLan();
    lan.bus.sendFaults.set('198.18.0.1', 'EPERM');
    await lan.host.host(makeAdvert());
    const s = await waitFor('status', () => (lan?.host.status().broadcast.state === 'unavailable' ? lan.host.status() : undefined));
    expect(s.broadcast).toEqual({ state: 'unavailable', reason: 'eth0: permission denied for broadcast to 198.18.0.255 (EPERM)' });
  });

  it('reports the discovery port taken by a program without SO_REUSEADDR', async () => {
    lan = await busLan();
    const squatter = await lan.hostMachine.openDatagram({ address: '0.0.0.0', port: 47778 });
    await lan.host.startBrowsing();
    expect(lan.host.status().broadcast).toEqual({
      state: 'unavailable',
      reason: 'eth0: UDP port 47778 (broadcast discovery) is in use by another program (EADDRINUSE)',
    });
    expect(lan.host.status().mdns.state).not.toBe('unavailable');
    await squatter.close();
  });
});

function collectingSink(): BeaconSink & { sightings: Sighting[]; byes: string[] } {
  const sightings: Sighting[] = [];
  const byes: string[] = [];
  return { sightings, byes, sight: (s) => void sightings.push(s), bye: (id) => void byes.push(id) };
}

describe('BeaconListener', () => {
  const iface = { name: 'eth0', address: '198.18.0.2', netmask: '255.255.255.0', broadcast: '198.18.0.255' };
  const never = async (): Promise<never> => {
    throw new Error('no socket in this test');
  };

  it('takes beacons and BYEs from a selected subnet only, the source address being the connect address', () => {
    const sink = collectingSink();
    const listener = new BeaconListener([iface], never, sink, 47778);
    listener.handle({ bytes: encodeBeacon(makeAdvert({ port: 5000 })), address: '10.1.2.3', port: 40000 });
    listener.handle({ bytes: encodeBeacon(makeAdvert({ port: 5000 })), address: '198.18.0.7', port: 40000 });
    listener.handle({ bytes: encodeBye(makeAdvert()), address: '198.18.0.7', port: 40000 });
    listener.handle({ bytes: encodePing(1, 2), address: '198.18.0.7', port: 40000 });
    expect(sink.sightings).toMatchObject([{ via: 'beacon', address: '198.18.0.7', port: 5000, advert: { ok: true } }]);
    expect(sink.byes).toEqual(['a1b2c3d4e5f6']);
  });

  it('survives random and mutated datagrams; what it passes on is validated', () => {
    const sink = collectingSink();
    const listener = new BeaconListener([iface], never, sink, 47778);
    const rnd = xorshift(47778);
    const seed = encodeBeacon(makeAdvert());
    for (let n = 0; n < 20000; n++) {
      const bytes = n % 3 === 0 ? new Uint8Array(rnd() % 300).map(() => rnd() & 0xff) : Uint8Array.from(seed);
      if (n % 3 !== 0) for (let k = rnd() % 3; k >= 0; k--) bytes[rnd() % bytes.length] = rnd() & 0xff;
      listener.handle({ bytes, address: '198.18.0.9', port: 1 });
    }
    const valid = sink.sightings.filter((s) => s.advert.ok);
    expect(valid.length).toBeGreaterThan(100);
  });
});

describe('openUdp', () => {
  it('lets several apps on one machine bind the discovery port with reuseAddr (127.0.0.1 only)', async () => {
    const a = await openUdp({ address: '127.0.0.1', port: 0, reuseAddr: true });
    const b = await openUdp({ address: '127.0.0.1', port: a.port, reuseAddr: true });
    await expect(openUdp({ address: '127.0.0.1', port: a.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await Promise.all([a.close(), b.close()]);
  });
});
