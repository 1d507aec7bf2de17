/**
 * One "machine" of the namespace lab (see netnsLab.ts): a DiscoveryService and a probe responder
 * driven by JSON commands on stdin, reporting JSON events (with `at` = Date.now()) on stdout.
 *
 * Refuses to start unless every usable interface is in 198.18.0.0/15, i.e. unless it runs inside
 * a test namespace: it must never put mDNS or broadcast on a real network. Test support only.
 */
import dgram from 'node:dgram';
import readline from 'node:readline';
import makeMdns from 'multicast-dns';
import type { GameAdvert } from '../advert';
import { DiscoveryService } from '../discoveryService';
import { hostReach, lanAddresses, parseDiscoveryMode, resolveDiscoveryMode, usableInterfaces } from '../interfaces';
import { startProbeResponder } from '../responder';
import type { ProbeResponder } from '../responder';

function emit(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ at: Date.now(), ...event })}\n`);
}

const ifaces = usableInterfaces();
if (ifaces.length === 0 || !ifaces.every((i) => /^198\.1[89]\./.test(i.address))) {
  process.stderr.write(`refusing to run outside a test namespace (interfaces: ${ifaces.map((i) => i.address).join(', ')})\n`);
  process.exit(2);
}

const service = new DiscoveryService({
  mode: resolveDiscoveryMode(process.argv, process.env, undefined).mode,
  deps: { onFault: (err) => emit({ ev: 'fault', message: String(err) }) },
});
service.onRows((rows) => emit({ ev: 'rows', rows }));
service.onStatus((status) => emit({ ev: 'status', status }));
let responder: ProbeResponder | null = null;
const squatters: dgram.Socket[] = [];

/** A plain multicast-dns query from this namespace, as a standard browser would send it. */
function rawQuery(name: string, waitMs: number): Promise<unknown[]> {
  return new Promise((resolve) => {
    const mdns = makeMdns({ interface: ifaces[0]?.address, bind: '0.0.0.0' });
    const records: unknown[] = [];
    mdns.on('error', (err) => emit({ ev: 'fault', message: String(err) }));
    mdns.on('response', (res) => {
      for (const r of [...res.answers, ...(res.additionals ?? [])]) {
        records.push(r.type === 'TXT' ? { ...r, data: (Array.isArray(r.data) ? r.data : [r.data]).map(String) } : r);
      }
    });
    mdns.on('ready', () => mdns.query({ questions: [{ name, type: 'PTR' }] }));
    setTimeout(() => mdns.destroy(() => resolve(records)), waitMs);
  });
}

async function handle(c: Record<string, unknown>): Promise<void> {
  switch (c['cmd']) {
    case 'host':
      responder ??= await startProbeResponder({ port: 47777, getAdvert: () => service.currentAdvert() });
      emit({ ev: 'hosting-start' });
      await service.host(c['advert'] as GameAdvert);
      return emit({ ev: 'hosting' });
    case 'update':
      return service.updateAdvert(c['advert'] as GameAdvert);
    case 'stopHosting':
      emit({ ev: 'stopping' });
      await service.stopHosting();
      return emit({ ev: 'stopped' });
    case 'browse':
      emit({ ev: 'browse-start' });
      await service.startBrowsing();
      return emit({ ev: 'browsing', rows: service.rows() });
    case 'stopBrowsing':
      await service.stopBrowsing();
      return emit({ ev: 'browse-stopped' });
    case 'manual':
      return emit({ ev: 'manual', result: await service.manualJoin(String(c['text']), { timeoutMs: Number(c['timeoutMs'] ?? 1500) }) });
    case 'status':
      return emit({ ev: 'status', status: service.status() });
    case 'addresses':
      return emit({ ev: 'addresses', list: lanAddresses(parseDiscoveryMode(String(c['mode'])) ?? 'all'), reach: hostReach() });
    case 'rawQuery':
      return emit({ ev: 'rawQuery', records: await rawQuery(String(c['name']), Number(c['waitMs'] ?? 800)) });
    case 'squat': {
      // Another program holding a port without SO_REUSEADDR (as some mDNS responders do).
      const s = dgram.createSocket({ type: 'udp4', reuseAddr: false });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.bind(Number(c['port']), '0.0.0.0', () => resolve());
      });
      squatters.push(s);
      return emit({ ev: 'squatting' });
    }
    case 'exit':
      await service.close();
      await responder?.close();
      for (const s of squatters) s.close();
      emit({ ev: 'bye' });
      return process.exit(0);
    default:
      return emit({ ev: 'error', message: `unknown command ${String(c['cmd'])}` });
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let cmd: Record<string, unknown>;
  try {
    cmd = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return emit({ ev: 'error', message: 'bad command line' });
  }
  handle(cmd).catch((err: unknown) => emit({ ev: 'error', cmd: cmd['cmd'], message: String(err) }));
});
process.stdin.on('end', () => process.exit(0)); // the test process went away: do not linger
emit({ ev: 'ready', interfaces: ifaces });
