/**
 * Peer addresses as the game names them: one "ip:port" string ("[v6]:port" for IPv6), the key the
 * UDP transport reports a datagram's sender by and the host keeps its sessions under.
 */

/** "ip:port" of an address and port (brackets for IPv6). */
export function addressKey(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

/** Splits "ip:port" / "[v6]:port"; null when malformed. */
export function parseAddress(key: string): { address: string; port: number } | null {
  const i = key.lastIndexOf(':');
  if (i <= 0) return null;
  const port = Number(key.slice(i + 1));
  let address = key.slice(0, i);
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  return Number.isInteger(port) && port > 0 && port < 65536 && address.length > 0 ? { address, port } : null;
}

/** A dotted IPv4 literal as its 32-bit value (no leading zeros, octets 0–255); null otherwise. */
export function ipv4ToInt(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** A 32-bit value as a dotted IPv4 literal. */
export function intToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}
