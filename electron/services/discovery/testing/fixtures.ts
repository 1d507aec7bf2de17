/** Shared test helpers: adverts, polling, and a small bus LAN with a host and joiners. Test support only. */
import { PROTOCOL_VERSION } from '../../../../core/net/header';
import type { GameAdvert } from '../advert';
import { DiscoveryService } from '../discoveryService';
import type { DiscoveryOptions } from '../discoveryService';
import type { ProbeResponder } from '../responder';
import type { Scheduler } from '../scheduler';
import { MemoryBus } from './memoryBus';
import type { BusMachine } from './memoryBus';

export function makeAdvert(over: Partial<GameAdvert> = {}): GameAdvert {
  return {
    gameId: 'a1b2c3d4e5f6',
    room: 'Friday brawl',
    map: 'Arena',
    players: 2,
    maxPlayers: 8,
    state: 'lobby',
    protocolVersion: PROTOCOL_VERSION,
    appVersion: '0.1.0',
    port: 47777,
    ...over,
  };
}

/** Polls `check` (real time) until it returns a value other than undefined/false, or fails. */
export async function waitFor<T>(what: string, check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface BusLan {
  readonly bus: MemoryBus;
  readonly faults: unknown[];
  readonly hostMachine: BusMachine;
  readonly host: DiscoveryService;
  readonly joiners: DiscoveryService[];
  responder: ProbeResponder | null;
  close(): Promise<void>;
}

/** A host at 198.18.0.1 (responder on its game port) and `joiners` browsing from .2, .3, … */
export interface BusLanOptions {
  readonly joiners?: number;
  readonly scheduler?: Scheduler;
  readonly service?: Partial<DiscoveryOptions>;
  readonly bus?: MemoryBus;
  /** Replaces the host's probe answer (default: the service's own answerProbe). */
  readonly answer?: (datagram: Uint8Array) => Uint8Array | null;
}

export async function busLan(opts: BusLanOptions = {}): Promise<BusLan> {
  const bus = opts.bus ?? new MemoryBus();
  const faults: unknown[] = [];
  const extra = { onFault: (e: unknown) => faults.push(e), ...(opts.scheduler ? { scheduler: opts.scheduler } : {}) };
  const hostMachine = bus.machine('198.18.0.1');
  const host = new DiscoveryService({ mode: 'all', ...opts.service, deps: hostMachine.deps(extra) });
  const joiners = Array.from({ length: opts.joiners ?? 1 }, (_, i) => {
    const m = bus.machine(`198.18.0.${i + 2}`);
    return new DiscoveryService({ mode: 'all', ...opts.service, deps: m.deps(extra) });
  });
  const lan: BusLan = {
    bus, faults, hostMachine, host, joiners, responder: null,
    async close() {
      await Promise.all([host.close(), ...joiners.map((j) => j.close()), lan.responder?.close()]);
    },
  };
  // As in the app: the game port's socket hands probe datagrams to the service's answerProbe.
  const socket = await hostMachine.openDatagram({ address: '0.0.0.0', port: 47777 });
  const answer = opts.answer ?? ((d: Uint8Array) => host.answerProbe(d));
  socket.onMessage((d) => {
    const reply = answer(d.bytes);
    if (reply !== null) void socket.send(reply, d.port, d.address);
  });
  lan.responder = { port: socket.port, close: () => socket.close() };
  return lan;
}
