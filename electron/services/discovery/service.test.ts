/**
 * DiscoveryService as a whole on the bus: faults (5353 taken, permission denied, no interface)
 * keep the app running with a clear status while broadcast and manual join still work; mode 'off'
 * opens no socket at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeProbe, encodePing } from '../../../core/net/probe';
import { DiscoveryService } from './discoveryService';
import { startProbeResponder } from './responder';
import type { ProbeResponder } from './responder';
import { busLan, makeAdvert, waitFor } from './testing/fixtures';
import type { BusLan } from './testing/fixtures';
import { MemoryBus } from './testing/memoryBus';

let lan: BusLan | null = null;
let responder: ProbeResponder | null = null;
afterEach(async () => {
  await lan?.close();
  await responder?.close();
  lan = null;
  responder = null;
});

/** Manual join through the real loopback to a real responder backed by `service`. */
async function manualJoinWorks(service: DiscoveryService): Promise<void> {
  responder = await startProbeResponder({ port: 0, address: '127.0.0.1', getAdvert: () => service.currentAdvert() });
  const result = await service.manualJoin(`127.0.0.1:${responder.port}`);
  expect(result).toMatchObject({ ok: true, address: '127.0.0.1', advert: { gameId: 'a1b2c3d4e5f6' } });
}

describe('faults', () => {
  it.each([
    ['EADDRINUSE', 'eth0: UDP port 5353 (mDNS) is in use by another program (EADDRINUSE)'],
    ['EACCES', 'eth0: permission denied for UDP port 5353 (mDNS) (EACCES)'],
  ] as const)('mDNS bind %s: status says so; the beacon and manual join still work', async (code, reason) => {
    const bus = new MemoryBus();
    for (const a of ['198.18.0.1', '198.18.0.2']) bus.failBind(a, 5353, code);
    lan = await busLan({ bus });
    const joiner = lan.joiners[0];
    await joiner?.startBrowsing();
    await lan.host.host(makeAdvert());
    await waitFor('row via beacon', () => joiner?.rows().find((r) => r.via.includes('beacon')));
    for (const s of [joiner?.status(), lan.host.status()]) {
      expect(s?.mdns).toEqual({ state: 'unavailable', reason });
      expect(s?.broadcast).toMatchObject({ state: 'ok' });
      expect(s?.manual).toEqual({ state: 'ok' });
    }
    await manualJoinWorks(lan.host);
    expect(lan.faults).toEqual([]);
  });

  it('no usable interface: both mechanisms unavailable with the reason, no socket opened, manual join works', async () => {
    const bus = new MemoryBus();
    const m = bus.machine('198.18.0.1');
    const service = new DiscoveryService({ mode: 'all', deps: m.deps({ listInterfaces: () => [] }) });
    await service.startBrowsing();
    await service.host(makeAdvert());
    const s = service.status();
    expect(s.mdns).toEqual({ state: 'unavailable', reason: 'no usable network interface (non-internal IPv4)' });
    expect(s.broadcast).toEqual({ state: 'unavailable', reason: 'no usable network interface (non-internal IPv4)' });
    expect(m.opened).toEqual({ mdns: 0, datagram: 0 });
    await manualJoinWorks(service);
    await service.close();
  });

  it('a named interface that does not exist is reported with the ones that do', async () => {
    const bus = new MemoryBus();
    const m = bus.machine('198.18.0.1');
    const service = new DiscoveryService({ mode: { interface: 'wlan7' }, deps: m.deps() });
    await service.startBrowsing();
    expect(service.status().mdns).toEqual({ state: 'unavailable', reason: 'interface "wlan7" has no usable IPv4 address (available: eth0)' });
    await service.close();
  });
});

describe("mode 'off'", () => {
  it('opens no socket at all, sends nothing, and still answers probes on the game port', async () => {
    const bus = new MemoryBus();
    const m = bus.machine('198.18.0.1');
    const service = new DiscoveryService({ mode: 'off', deps: m.deps() });
    await service.startBrowsing();
    await service.host(makeAdvert());
    await service.updateAdvert(makeAdvert({ players: 3 }));
    expect(m.opened).toEqual({ mdns: 0, datagram: 0 });
    expect(bus.log).toEqual([]);
    expect(service.status()).toMatchObject({ mode: 'off', mdns: { state: 'off' }, broadcast: { state: 'off' }, manual: { state: 'ok' } });
    const reply = service.answerProbe(encodePing(9, 9));
    const d = reply && decodeProbe(reply, 47777);
    expect(d).toMatchObject({ ok: true, message: { kind: 'pong', nonce: 9, advert: { ok: true, advert: { players: 3 } } } });
    await manualJoinWorks(service);
    await service.close();
  });

  it('by contrast, mode all does open mDNS and broadcast sockets (the counter works)', async () => {
    const bus = new MemoryBus();
    const m = bus.machine('198.18.0.1');
    const service = new DiscoveryService({ mode: 'all', deps: m.deps() });
    await service.startBrowsing();
    expect(m.opened.mdns).toBe(1);
    expect(m.opened.datagram).toBe(2); // beacon listener + probe socket
    await service.close();
  });
});

describe('own game', () => {
  it('a host that also browses does not list its own game, but lists the others', async () => {
    lan = await busLan();
    const joiner = lan.joiners[0];
    await lan.host.startBrowsing();
    await joiner?.startBrowsing();
    await joiner?.host(makeAdvert({ gameId: 'other0000001', port: 47777 }));
    await lan.host.host(makeAdvert());
    await waitFor('other game', () => lan?.host.rows().find((r) => r.gameId === 'other0000001'));
    // The positive case in the same window: another browser lists our game both ways, so our
    // announcement and our beacon are out; once the bus settles they have looped back to us too.
    await waitFor('our game at the joiner', () => joiner?.rows().find((r) => r.gameId === 'a1b2c3d4e5f6' && r.via.includes('mdns') && r.via.includes('beacon')), 5000);
    await waitFor('the bus to settle', () => lan?.bus.settled);
    expect(lan.host.rows().map((r) => r.gameId)).toEqual(['other0000001']);
  });
});

describe('status', () => {
  it('goes idle again after browsing and hosting stop, and the endpoints are closed', async () => {
    lan = await busLan();
    await lan.host.startBrowsing();
    await lan.host.host(makeAdvert());
    await waitFor('mdns ok', () => lan?.host.status().mdns.state === 'ok');
    await lan.host.stopHosting();
    expect(lan.host.status().mdns.state).toBe('ok');
    await lan.host.stopBrowsing();
    expect(lan.host.status()).toMatchObject({ mdns: { state: 'idle' }, broadcast: { state: 'idle' } });
  });
});
