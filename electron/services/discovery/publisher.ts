/**
 * Advertises the hosted game as `_ballbrawl._udp` through bonjour-service, one service per
 * interface endpoint.
 *
 * Invariants: the instance name is unique per host ("<room> [<gameId>]"), so the library's
 * conflict probing is off (`probe: false`: announce at once); each game has its own host name
 * (`bb-<gameId>.local`), since every namespace/VM clone shares one OS hostname; TXT changes are
 * announced in place; `stop` sends the goodbye (records with TTL 0) and must complete before the
 * endpoints are destroyed.
 */
import type { Service } from 'bonjour-service';
import { advertToTxt, SERVICE_PROTOCOL, SERVICE_TYPE, serviceNameFor } from './advert';
import type { GameAdvert } from './advert';
import type { MdnsEndpoint } from './mdnsEndpoint';

const GOODBYE_TIMEOUT_MS = 1000;

/** The host name our SRV and A records use. */
export function hostNameFor(gameId: string): string {
  return `bb-${gameId}.local`;
}

export class MdnsPublisher {
  private readonly services = new Map<MdnsEndpoint, Service>();
  private published: { name: string; port: number } | null = null;

  constructor(
    private readonly endpoints: readonly MdnsEndpoint[],
    private readonly onFault: (err: unknown) => void,
  ) {}

  /** Starts advertising `advert` on every endpoint (a failed endpoint just sends nothing). */
  publish(advert: GameAdvert): void {
    const name = serviceNameFor(advert);
    for (const endpoint of this.endpoints) {
      try {
        const service = endpoint.bonjour.publish({
          name,
          type: SERVICE_TYPE,
          protocol: SERVICE_PROTOCOL,
          port: advert.port,
          host: hostNameFor(advert.gameId),
          txt: advertToTxt(advert),
          probe: false,
          disableIPv6: true,
        });
        endpoint.markUnique(service);
        this.services.set(endpoint, service);
      } catch (err) {
        this.onFault(err);
      }
    }
    this.published = { name, port: advert.port };
  }

  /** Announces a changed advert: TXT in place, or goodbye + new service if the name or port changed. */
  async update(advert: GameAdvert): Promise<void> {
    if (this.published === null) return;
    if (this.published.name !== serviceNameFor(advert) || this.published.port !== advert.port) {
      await this.stop();
      this.publish(advert);
      return;
    }
    const txt = advertToTxt(advert);
    for (const [endpoint, service] of this.services) {
      try {
        endpoint.replaceTxt(service, txt);
      } catch (err) {
        this.onFault(err);
      }
    }
  }

  /** Sends the goodbye on every endpoint and waits until it has gone out (or a short timeout). */
  async stop(): Promise<void> {
    const services = [...this.services.values()];
    this.services.clear();
    this.published = null;
    await Promise.all(services.map((service) => goodbye(service, this.onFault)));
  }
}

function goodbye(service: Service, onFault: (err: unknown) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GOODBYE_TIMEOUT_MS);
    timer.unref();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    try {
      service.stop(done);
    } catch (err) {
      onFault(err);
      done();
    }
  });
}
