/**
 * The host side of the UDP probe. `answerProbe` is what the game's own UDP socket calls for
 * datagrams of the probe types (0x01-0x0f); `startProbeResponder` is a tiny standalone socket doing
 * only that, for tests and for hosting before the lockstep socket exists.
 *
 * Invariant: only a well-formed PING (of any protocol version) gets a reply, sent to its source;
 * anything else is dropped silently. The reply is small (one advert, < 300 bytes).
 */
import { answerPing } from '../../../core/net';
import type { GameAdvert } from './advert';
import { openUdp } from './udpPort';
import type { OpenDatagram } from './udpPort';

/**
 * The reply to a probe datagram that arrived on the game port, or null. Bytes in, bytes out; the
 * caller sends the reply to the datagram's source address and port. Never throws.
 */
export function answerProbe(datagram: Uint8Array, currentAdvert: GameAdvert | null): Uint8Array | null {
  return currentAdvert === null ? null : answerPing(datagram, currentAdvert);
}

export interface ProbeResponder {
  readonly port: number;
  close(): Promise<void>;
}

/** Binds `address:port` and answers PINGs with `getAdvert()`'s advert (nothing while it is null). */
export async function startProbeResponder(opts: {
  readonly port: number;
  readonly address?: string;
  readonly getAdvert: () => GameAdvert | null;
  readonly open?: OpenDatagram;
}): Promise<ProbeResponder> {
  const socket = await (opts.open ?? openUdp)({ address: opts.address ?? '0.0.0.0', port: opts.port });
  socket.onMessage((d) => {
    const reply = answerProbe(d.bytes, opts.getAdvert());
    if (reply !== null) void socket.send(reply, d.port, d.address);
  });
  return { port: socket.port, close: () => socket.close() };
}
