/**
 * Datagrams the kernel dropped at a UDP socket because its receive buffer was full (Linux's
 * /proc/net/udp `drops` column, for the IPv4 socket bound to `port` in this network namespace).
 * They never reach the app, so no counter of the app can see them; a test that floods a socket
 * accounts for them here. Null where the file cannot be read (not Linux).
 */
import { readFileSync } from 'node:fs';

export function kernelDrops(port: number): number | null {
  let text: string;
  try {
    text = readFileSync('/proc/net/udp', 'utf8');
  } catch {
    return null;
  }
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let drops = 0;
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[1]?.endsWith(`:${hex}`)) drops += Number(cols.at(-1));
  }
  return drops;
}
