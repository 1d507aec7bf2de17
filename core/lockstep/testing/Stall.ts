/**
 * Test harness: a machine's process standing still for a while (Room.stallHost, a client's
 * `stall`), as a SIGSTOP or a starved CPU makes it: its timers do not run and the datagrams that
 * arrive wait in its socket, read in order when it runs again.
 */
export class Stall {
  /** When the process runs again (ms). */
  until = 0;
  /** Its timers run before it reads what waited, as a Node process's do when it runs again (timers, then the socket's poll). */
  timersFirst = false;
  private readonly queued: [Uint8Array, string][] = [];

  /** Holds a datagram back while the process stands still (true: held). */
  hold(now: number, bytes: Uint8Array, from: string): boolean {
    if (now >= this.until) return false;
    this.queued.push([bytes, from]);
    return true;
  }

  /** A turn of the process: false while it stands still; else what waited is read first. */
  wake(deliver: (bytes: Uint8Array, from: string) => void, now: number, timers?: () => void): boolean {
    if (now < this.until) return false;
    if (this.timersFirst && this.queued.length > 0) timers?.();
    for (const [b, from] of this.queued.splice(0)) deliver(b, from);
    return true;
  }
}
