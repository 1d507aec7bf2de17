/**
 * When the host's Start is open, and why not. The host never has to press Ready (pressing Start is
 * their yes; the lobby marks them ready for the others to see): Start waits for every *other*
 * human in the room, and says whom. DOM-free, unit-tested in Node.
 */

export interface StartSlot {
  readonly kind: 'open' | 'closed' | 'human' | 'bot';
  readonly name: string;
  readonly ready: boolean;
  readonly me: boolean;
}

export type StartBlock = { readonly t: 'nobody' } | { readonly t: 'waiting'; readonly names: readonly string[] } | null;

/** Null when the host (`me`) may start; else who or what Start waits for. */
export function startBlock(slots: readonly StartSlot[]): StartBlock {
  const humans = slots.filter((s) => s.kind === 'human');
  if (humans.length === 0) return { t: 'nobody' };
  const waiting = humans.filter((s) => !s.me && !s.ready).map((s) => s.name);
  return waiting.length > 0 ? { t: 'waiting', names: waiting } : null;
}
