/**
 * Join by address: parse what the player typed (`ip`, `ip:port` or a host's join code), probe it with a PING, and
 * return the host's advert or a clear reason — the path that works when discovery cannot.
 *
 * Invariants: only IPv4 literals are accepted (no DNS lookups on the main side); the probe uses a
 * connected UDP socket so an ICMP "port unreachable" surfaces as `refused`; the socket is always
 * closed; nothing here throws — every outcome is a result.
 */
import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { DEFAULT_GAME_PORT, PROTOCOL_VERSION, decodeJoinCode, decodeProbe, encodePing, looksLikeJoinCode } from '../../../core/net';
import type { JoinCodeProblem } from '../../../core/net';
import type { AdvertDecode, GameAdvert } from './advert';
import { incompatibleReason } from './gameList';

export type ParsedAddress =
  | { readonly ok: true; readonly address: string; readonly port: number }
  /** `joinCode`: the text was read as a join code, refused for that reason. */
  | { readonly ok: false; readonly error: string; readonly joinCode?: JoinCodeRefusal };

/** Why a typed join code was refused, and the address it names when it decoded to one. */
export interface JoinCodeRefusal {
  readonly problem: JoinCodeProblem;
  readonly address?: string;
}

const OCTET = /^(0|[1-9][0-9]{0,2})$/;

const CODE_ERRORS: Record<JoinCodeProblem, string> = {
  length: 'is neither an IPv4 address nor a join code',
  check: 'is not a join code (a character is mistyped)',
  address: 'is a join code for an address that cannot host a game',
};

/**
 * Parses `a.b.c.d`, `a.b.c.d:port` or a join code (core/net/joinCode; surrounding spaces allowed);
 * `defaultPort` when an address names none.
 */
export function parseJoinAddress(text: string, defaultPort: number = DEFAULT_GAME_PORT): ParsedAddress {
  const t = text.trim();
  if (t === '') return { ok: false, error: 'Enter an address like 192.168.1.20 or 192.168.1.20:47777' };
  if (looksLikeJoinCode(t)) {
    const c = decodeJoinCode(t);
    if (c.ok) return c;
    const { problem, address } = c;
    return { ok: false, error: `"${t.slice(0, 20)}" ${CODE_ERRORS[problem]}`, joinCode: address ? { problem, address } : { problem } };
  }
  const colon = t.lastIndexOf(':');
  const host = colon < 0 ? t : t.slice(0, colon);
  const portText = colon < 0 ? null : t.slice(colon + 1);
  const octets = host.split('.');
  if (octets.length !== 4 || !octets.every((o) => OCTET.test(o) && Number(o) <= 255)) {
    return { ok: false, error: `"${host.slice(0, 40)}" is not an IPv4 address (four numbers 0-255 separated by dots)` };
  }
  const first = Number(octets[0]);
  if (first === 0 || first >= 224) return { ok: false, error: `${host} cannot be a game host (reserved, multicast or broadcast address)` };
  let port = defaultPort;
  if (portText !== null) {
    if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
      return { ok: false, error: `"${portText.slice(0, 10)}" is not a port number (1-65535)` };
    }
    port = Number(portText);
  }
  return { ok: true, address: host, port };
}

export type ManualJoinResult =
  | { readonly ok: true; readonly address: string; readonly port: number; readonly advert: GameAdvert; readonly pingMs: number }
  | {
      readonly ok: false;
      readonly reason: 'invalid' | 'timeout' | 'refused' | 'version' | 'error';
      readonly message: string;
      /** Present for 'invalid' when the text was read as a join code: why it was refused. */
      readonly joinCode?: JoinCodeRefusal;
      /**
       * Present for 'timeout' when discovery lists a game at that address: the host is there (its
       * adverts arrive) but its game port does not answer — a firewall, most likely.
       */
      readonly seen?: { readonly room: string; readonly port: number };
      /** Present for 'version': what the host runs, to show it greyed out. */
      readonly advert?: GameAdvert;
    };

export interface ManualJoinOptions {
  /** Total time to wait for a PONG. */
  readonly timeoutMs?: number;
  /** PINGs sent, spread over the timeout (UDP may drop one). */
  readonly attempts?: number;
  readonly defaultPort?: number;
}

/** Probes the typed address; see ManualJoinResult for the outcomes. */
export async function manualJoin(text: string, opts: ManualJoinOptions = {}): Promise<ManualJoinResult> {
  const parsed = parseJoinAddress(text, opts.defaultPort);
  if (!parsed.ok) return { ok: false, reason: 'invalid', message: parsed.error, ...(parsed.joinCode ? { joinCode: parsed.joinCode } : {}) };
  return probeHost(parsed.address, parsed.port, opts.timeoutMs ?? 1500, opts.attempts ?? 3);
}

/** One PING exchange with `address:port` over a connected socket. */
export function probeHost(address: string, port: number, timeoutMs: number, attempts: number): Promise<ManualJoinResult> {
  return new Promise((resolve) => {
    const where = `${address}:${port}`;
    const nonce = randomBytes(4).readUInt32LE(0);
    const started = performance.now();
    const socket = dgram.createSocket('udp4');
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const finish = (r: ManualJoinResult): void => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      try { socket.close(); } catch { /* already closed */ }
      resolve(r);
    };
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') finish({ ok: false, reason: 'refused', message: `Nothing answers on ${where} (connection refused): is the game hosted there, on that port?` });
      else finish({ ok: false, reason: 'error', message: `Cannot reach ${where}: ${err.code ?? err.message}` });
    });
    socket.on('message', (msg) => {
      const d = decodeProbe(msg, port);
      if (!d.ok || d.message.kind !== 'pong' || d.message.nonce !== nonce) return;
      finish(resultOf(d.message.advert, d.message.version, address, port, performance.now() - started));
    });
    const send = (): void => {
      try {
        socket.send(encodePing(nonce, Math.floor(performance.now())));
      } catch { /* closed meanwhile */ }
    };
    socket.connect(port, address, () => {
      for (let i = 0; i < attempts; i++) timers.push(setTimeout(send, (i * timeoutMs) / (attempts + 1)));
    });
    timers.push(setTimeout(() => finish({ ok: false, reason: 'timeout', message: `No answer from ${where} within ${timeoutMs} ms` }), timeoutMs));
  });
}

function resultOf(advert: AdvertDecode, version: number, address: string, port: number, rttMs: number): ManualJoinResult {
  if (!advert.ok) {
    if (version !== PROTOCOL_VERSION) {
      return { ok: false, reason: 'version', message: `The host speaks protocol v${version}, this app v${PROTOCOL_VERSION}` };
    }
    return { ok: false, reason: 'error', message: `The host at ${address}:${port} sent an invalid answer (${advert.reason})` };
  }
  if (!advert.compatible) return { ok: false, reason: 'version', message: incompatibleReason(advert.advert), advert: advert.advert };
  return { ok: true, address, port, advert: advert.advert, pingMs: Math.round(rttMs) };
}
