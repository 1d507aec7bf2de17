/**
 * Browses `_ballbrawl._udp` with bonjour-service on each interface endpoint and turns what it
 * hears into sightings for the game list.
 *
 * Invariants: the connect address is the answer's source address (`referer.address`), never the
 * advertised A records (they list every interface of the host, reachable or not); the TXT is read
 * from the raw strings when the library kept them (first key wins, bytes intact); the library
 * never expires peers, so after our liveness check drops a game we make the library forget it too,
 * and a later answer brings it back; queries repeat with back-off (1 s, 2 s, 4 s … 60 s) so a lost
 * query or a returning host is noticed without flooding the link.
 */
import type { Browser, Service } from 'bonjour-service';
import { advertFromTxt, SERVICE_PROTOCOL, SERVICE_TYPE } from './advert';
import type { Sighting } from './gameList';
import type { MdnsEndpoint } from './mdnsEndpoint';
import type { Cancel, Scheduler } from './scheduler';

export interface MdnsBrowserSink {
  sight(s: Sighting): void;
  goodbyeService(serviceName: string): void;
}

const FIRST_REQUERY_MS = 1000;
const MAX_REQUERY_MS = 60_000;

export class MdnsBrowser {
  private readonly browsers: Browser[] = [];
  private cancelRequery: Cancel | null = null;

  constructor(
    private readonly endpoints: readonly MdnsEndpoint[],
    private readonly sink: MdnsBrowserSink,
    private readonly scheduler: Scheduler,
    private readonly onFault: (err: unknown) => void,
  ) {}

  start(): void {
    for (const endpoint of this.endpoints) {
      try {
        const browser = endpoint.bonjour.find({ type: SERVICE_TYPE, protocol: SERVICE_PROTOCOL });
        browser.on('up', (s) => this.seen(s));
        browser.on('txt-update', (s) => this.seen(s));
        browser.on('srv-update', (s) => this.seen(s));
        browser.on('down', (s) => this.sink.goodbyeService(s.fqdn));
        this.browsers.push(browser);
      } catch (err) {
        this.onFault(err);
      }
    }
    this.scheduleRequery(FIRST_REQUERY_MS);
  }

  private scheduleRequery(delayMs: number): void {
    this.cancelRequery = this.scheduler.after(delayMs, () => {
      this.requery();
      this.scheduleRequery(Math.min(delayMs * 2, MAX_REQUERY_MS));
    });
  }

  /** Asks every interface again now (also used when the Join screen is reopened). */
  requery(): void {
    for (const browser of this.browsers) {
      try {
        browser.update();
      } catch (err) {
        this.onFault(err);
      }
    }
  }

  private seen(service: Service): void {
    const referer = service.referer;
    if (!referer || typeof referer.address !== 'string' || !/^\d+\.\d+\.\d+\.\d+$/.test(referer.address)) return;
    const raw = (service as unknown as { rawTxt?: unknown }).rawTxt ?? service.txt;
    this.sink.sight({
      via: 'mdns',
      address: referer.address,
      port: service.port,
      advert: advertFromTxt(raw, service.port),
      serviceName: service.fqdn,
    });
  }

  /** Makes the library drop a service our liveness check expired, so its next answer counts as new. */
  forget(serviceName: string): void {
    for (const browser of this.browsers) {
      const remove = (browser as unknown as { removeService?: unknown }).removeService;
      if (typeof remove !== 'function') continue;
      try {
        remove.call(browser, serviceName); // emits 'down': the row is already gone, so a no-op
      } catch (err) {
        this.onFault(err);
      }
    }
  }

  stop(): void {
    this.cancelRequery?.();
    this.cancelRequery = null;
    for (const browser of this.browsers) {
      try {
        browser.stop();
      } catch (err) {
        this.onFault(err);
      }
    }
    this.browsers.length = 0;
  }
}
