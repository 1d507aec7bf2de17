/**
 * Why a session ends or goes back to the lobby, as codes: the wire carries them in `closed`,
 * `kicked` and `lobby` control messages and the peer in its `failed` events, and each app's page
 * words them in its own language (a host and its peers may read different ones). A reason on the
 * wire is `code` or `code:n` with one non-negative integer argument; any other text (a host of an
 * older build) is shown as the host's own words.
 */

export const SessionReason = {
  /** The host closed the room (its goodbye). */
  HostClosed: 'host-closed',
  /**
   * The host left a running match and handed it over (its goodbye): the peers in the match elect
   * the next host at once (ClientSuccession); a peer that cannot take part ends with this reason.
   * With an argument, the successor who already took over (its index in the order): a replaced
   * host's peers follow that one.
   */
  HandedOver: 'handed-over',
  /**
   * This app hosted the match but stood still (or went unheard) long enough that the others
   * elected a new host: its player leaves the match, which goes on without it.
   */
  Replaced: 'replaced',
  /** The owner removed this player. */
  Kicked: 'kicked',
  /** This player did not load within the room's load timeout (argument: seconds). */
  LoadTimeout: 'load-timeout',
  /** Nobody loaded the map in time: back to the lobby. */
  NobodyLoaded: 'nobody-loaded',
  /** The host never answered the JOIN. */
  NoAnswer: 'no-answer',
  /** The host went silent. */
  StoppedAnswering: 'stopped-answering',
  /**
   * My own ball was dropped for not answering (the others voted, or the host stopped waiting):
   * my app stood still or lost the LAN meanwhile. The match goes on with a bot in my slot, and my
   * token takes it back (a rejoin).
   */
  Dropped: 'dropped',
  /** A rejoin with this session's token, from another address, took its slot. */
  TakenOver: 'taken-over',
  /** This peer went out of step again within HEAL_AGAIN_MS of being healed: dropped to a bot. */
  OutOfStep: 'out-of-step',
} as const;
export type SessionReason = (typeof SessionReason)[keyof typeof SessionReason];

const CODES: readonly string[] = Object.values(SessionReason);

/** The wire form of `code` with an integer argument. */
export function reasonWith(code: SessionReason, n: number): string {
  return `${code}:${Math.max(0, Math.trunc(n))}`;
}

/** A reason read off the wire: a known code (with its argument, or null), or another host's text. */
export type ParsedReason = { readonly code: SessionReason; readonly n: number | null } | { readonly code: null; readonly text: string };

export function parseReason(wire: string): ParsedReason {
  const m = /^([a-z-]+)(?::(\d{1,9}))?$/.exec(wire);
  if (m && CODES.includes(m[1] ?? '')) return { code: m[1] as SessionReason, n: m[2] === undefined ? null : Number(m[2]) };
  return { code: null, text: wire };
}
