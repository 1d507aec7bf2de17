/**
 * Where this app's game socket binds: `--game-port N` / BB_GAME_PORT (default 47777; 0 = any free
 * port) and `--game-bind IP` / BB_GAME_BIND (default 0.0.0.0, every interface; tests and the
 * two-shell e2e use 127.0.0.1 so nothing listens on a real interface). The command line wins over
 * the environment; an invalid value is ignored (the default is used) rather than stopping the app.
 */
import { DEFAULT_GAME_PORT } from '../lockstep/UdpTransport';
import type { UdpTransportOptions } from '../lockstep/UdpTransport';
import type { NetInterface } from '../discovery';
import { argValue } from '../argv';

export const GAME_PORT_FLAG = 'game-port';
export const GAME_PORT_ENV = 'BB_GAME_PORT';
export const GAME_BIND_FLAG = 'game-bind';
export const GAME_BIND_ENV = 'BB_GAME_BIND';

export interface GameSocket {
  readonly port: number;
  /** An IPv4 literal. */
  readonly bind: string;
  /** Values that were ignored, for the log. */
  readonly warnings: readonly string[];
}

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$/;

export function resolveGameSocket(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): GameSocket {
  const warnings: string[] = [];
  const pick = <T>(flag: string, envName: string, parse: (v: string) => T | null, fallback: T): T => {
    for (const [label, v] of [[`--${flag}`, argValue(argv, flag)], [envName, env[envName]]] as const) {
      if (v === undefined) continue;
      const parsed = parse(v.trim());
      if (parsed !== null) return parsed;
      warnings.push(`ignored invalid ${label}: ${JSON.stringify(v.slice(0, 40))}`);
    }
    return fallback;
  };
  const port = pick(GAME_PORT_FLAG, GAME_PORT_ENV, (v) => (/^[0-9]{1,5}$/.test(v) && Number(v) <= 65535 ? Number(v) : null), DEFAULT_GAME_PORT);
  const bind = pick(GAME_BIND_FLAG, GAME_BIND_ENV, (v) => (IPV4.test(v) ? v : null), '0.0.0.0');
  return { port, bind, warnings };
}

/**
 * Where group frames (issue 15) may go, among `lan`, the interfaces LAN discovery uses (none when
 * it is off): a host multicasts on the interface its socket is bound to (the first one when bound
 * to all), a player hears a host's group on any of them. A socket bound to loopback is on no LAN.
 */
export function groupOptions(role: 'host' | 'join', bind: string, lan: readonly NetInterface[]): Pick<UdpTransportOptions, 'groupInterface' | 'groupInterfaces'> {
  const usable = lan.filter((i) => bind === '0.0.0.0' || i.address === bind);
  if (role === 'join') return { groupInterfaces: usable };
  return usable[0] ? { groupInterface: usable[0].address } : {};
}
