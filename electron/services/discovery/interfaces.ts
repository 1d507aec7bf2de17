/**
 * Which network interfaces discovery may use, and the discovery switch (setting, flag, env var).
 *
 * Invariants: only non-internal IPv4 interfaces are usable (mDNS here is IPv4-only, and loopback
 * is not a LAN). Mode 'off' selects no interface at all, so no multicast or broadcast socket is
 * ever opened. Precedence of the switch: command-line flag > environment variable > setting >
 * default 'all'; an invalid value is skipped with a warning, never fatal.
 */
import os from 'node:os';
import { intToIpv4, ipv4ToInt } from '../../../core/net';

/** One usable IPv4 address of a network interface. */
export interface NetInterface {
  /** OS name, e.g. "eth0" or "Wi-Fi". */
  readonly name: string;
  readonly address: string;
  readonly netmask: string;
  /** Subnet-directed broadcast address (beacon target). */
  readonly broadcast: string;
}

/** off: no discovery; all: every usable interface; or only the interface with that OS name. */
export type DiscoveryMode = 'off' | 'all' | { readonly interface: string };

export const DISCOVERY_FLAG = '--discovery';
export const DISCOVERY_ENV = 'BB_DISCOVERY';

export interface ResolvedMode {
  readonly mode: DiscoveryMode;
  readonly source: 'flag' | 'env' | 'setting' | 'default';
  /** Invalid values that were skipped, for the log / status line. */
  readonly warnings: readonly string[];
}

/** The subnet-directed broadcast address of address/netmask, e.g. 198.18.0.7/24 → 198.18.0.255. */
export function broadcastAddress(address: string, netmask: string): string {
  const a = ipv4ToInt(address);
  const m = ipv4ToInt(netmask);
  if (a === null || m === null) return '255.255.255.255';
  return intToIpv4((a | ~m) >>> 0);
}

/** True when `address` lies in the subnet of `iface`. */
export function inSubnet(address: string, iface: Pick<NetInterface, 'address' | 'netmask'>): boolean {
  const a = ipv4ToInt(address);
  const b = ipv4ToInt(iface.address);
  const m = ipv4ToInt(iface.netmask);
  return a !== null && b !== null && m !== null && ((a & m) >>> 0) === ((b & m) >>> 0);
}

/**
 * What an interface is, as far as its name and address tell: 'lan' (a private address — Ethernet,
 * Wi-Fi), 'virtual' (a VPN, container or virtual machine adapter: Docker, Hyper-V/WSL, VirtualBox,
 * VMware, ZeroTier, Tailscale, WireGuard, TUN/TAP; or Tailscale's 100.64/10) or 'other' (a public
 * or link-local address). Friends in the room are on a 'lan' one.
 */
export type InterfaceKind = 'lan' | 'virtual' | 'other';

const VIRTUAL_NAME = /^(docker|br-|veth|virbr|vboxnet|vmnet|lxc|lxd|podman|cni|flannel|cali|tun|tap|wg|zt|tailscale|utun|ham)|vethernet|hyper-v|wsl|virtualbox|vmware|zerotier|tailscale|wireguard|openvpn|tap-|npcap/i;
const PRIVATE: readonly [number, number][] = [[0x0a000000, 8], [0xac100000, 12], [0xc0a80000, 16]];
const inRange = (a: number, [prefix, bits]: [number, number]): boolean => Math.floor(a / 2 ** (32 - bits)) === Math.floor(prefix / 2 ** (32 - bits));

export function interfaceKind(i: Pick<NetInterface, 'name' | 'address'>): InterfaceKind {
  const a = ipv4ToInt(i.address);
  if (VIRTUAL_NAME.test(i.name) || (a !== null && inRange(a, [0x64400000, 10]))) return 'virtual';
  return a !== null && PRIVATE.some((r) => inRange(a, r)) ? 'lan' : 'other';
}

const RANK: Record<InterfaceKind, number> = { lan: 0, other: 1, virtual: 2 };

/** LAN interfaces first, then the others, virtual adapters last; the OS's order within each. */
export function byPreference<T extends Pick<NetInterface, 'name' | 'address'>>(all: readonly T[]): T[] {
  return all.map((i, n) => ({ i, n, r: RANK[interfaceKind(i)] })).sort((x, y) => x.r - y.r || x.n - y.n).map((x) => x.i);
}

type RawInterfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

/** Non-internal IPv4 addresses, one entry per address (an interface may carry several). */
export function usableInterfaces(raw: RawInterfaces = os.networkInterfaces()): NetInterface[] {
  const out: NetInterface[] = [];
  for (const [name, infos] of Object.entries(raw)) {
    for (const info of infos ?? []) {
      if (info.family !== 'IPv4' || info.internal || ipv4ToInt(info.address) === null) continue;
      out.push({ name, address: info.address, netmask: info.netmask, broadcast: broadcastAddress(info.address, info.netmask) });
    }
  }
  return out;
}

/**
 * The IPv4 addresses others on the LAN can type to reach a game socket bound to every interface:
 * one per usable interface, the one discovery announces on first (its chosen interface, else by
 * preference: a LAN interface before a virtual adapter). Discovery being off does not take the
 * socket off the LAN, so it only orders the list; loopback only when the machine has no LAN
 * interface at all.
 */
export function lanAddresses(mode: DiscoveryMode, all: readonly NetInterface[] = usableInterfaces()): string[] {
  const chosen = typeof mode === 'string' ? undefined : all.find((i) => i.name === mode.interface);
  const preferred = byPreference(all);
  const ordered = chosen ? [chosen, ...preferred] : preferred;
  return ordered.length === 0 ? ['127.0.0.1'] : [...new Set(ordered.map((i) => i.address))];
}

/** The interfaces `mode` selects among `all`, or why none could be selected. */
export function selectInterfaces(mode: DiscoveryMode, all: readonly NetInterface[]): { interfaces: NetInterface[]; problem: string | null } {
  if (mode === 'off') return { interfaces: [], problem: null };
  if (mode === 'all') {
    return { interfaces: byPreference(all), problem: all.length === 0 ? 'no usable network interface (non-internal IPv4)' : null };
  }
  const chosen = all.filter((i) => i.name === mode.interface);
  if (chosen.length > 0) return { interfaces: chosen, problem: null };
  const names = [...new Set(all.map((i) => i.name))].join(', ') || 'none';
  return { interfaces: [], problem: `interface "${mode.interface}" has no usable IPv4 address (available: ${names})` };
}

/**
 * How others on the LAN can reach this machine's game socket: 'lan' when it has a usable
 * interface that is not a virtual adapter, 'virtual' when every one is (VPN, Docker, Hyper-V,
 * ZeroTier, WSL: friends on the Wi-Fi probably cannot reach those addresses), 'none' when it has
 * no usable interface at all (only this machine can join).
 */
export type HostReach = 'lan' | 'virtual' | 'none';

export function hostReach(all: readonly NetInterface[] = usableInterfaces()): HostReach {
  if (all.length === 0) return 'none';
  return all.every((i) => interfaceKind(i) === 'virtual') ? 'virtual' : 'lan';
}

/** Parses one switch value: 'off', 'all', or an interface name; null when unusable. */
export function parseDiscoveryMode(value: string): DiscoveryMode | null {
  const v = value.trim();
  if (v.toLowerCase() === 'off') return 'off';
  if (v.toLowerCase() === 'all') return 'all';
  // Interface names: Linux allows 15 bytes, Windows friendly names are longer and contain spaces.
  if (v.length === 0 || v.length > 64 || /[\u0000-\u001f\u007f]/.test(v)) return null;
  return { interface: v };
}

function validInterfaceMode(mode: { readonly interface: unknown }): DiscoveryMode | null {
  const parsed = typeof mode.interface === 'string' ? parseDiscoveryMode(mode.interface) : null;
  return parsed !== null && typeof parsed !== 'string' ? parsed : null;
}

/** The last `--discovery=X` / `--discovery X` on the command line, if any. */
function flagValue(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith(`${DISCOVERY_FLAG}=`)) found = arg.slice(DISCOVERY_FLAG.length + 1);
    else if (arg === DISCOVERY_FLAG) found = argv[i + 1] ?? '';
  }
  return found;
}

/**
 * The discovery mode from the command line, the environment and the saved setting, in that order
 * of precedence; 'all' when none is given or valid.
 */
export function resolveDiscoveryMode(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  setting: DiscoveryMode | string | undefined,
): ResolvedMode {
  const warnings: string[] = [];
  const candidates: Array<[ResolvedMode['source'], string, DiscoveryMode | string | undefined]> = [
    ['flag', DISCOVERY_FLAG, flagValue(argv)],
    ['env', DISCOVERY_ENV, env[DISCOVERY_ENV]],
    ['setting', 'setting', setting],
  ];
  for (const [source, label, value] of candidates) {
    if (value === undefined) continue;
    const mode = typeof value === 'string' ? parseDiscoveryMode(value) : validInterfaceMode(value);
    if (mode !== null) return { mode, source, warnings };
    warnings.push(`ignored invalid discovery mode from ${label}: ${JSON.stringify(value)}`);
  }
  return { mode: 'all', source: 'default', warnings };
}

/** Human-readable form of a mode, for status lines. */
export function describeMode(mode: DiscoveryMode): string {
  return typeof mode === 'string' ? mode : `interface ${mode.interface}`;
}
