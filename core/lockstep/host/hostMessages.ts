/**
 * Turns host-side facts into control messages: the slot table in chunks that fit a datagram, and
 * match notices (drops, pauses, desyncs, the end) addressed to one session.
 */
import type { HostControl } from '../wire';
import { SPECTATOR_BASE } from './HashJudge';
import type { HostMatch, MatchNotice } from './HostMatch';
import type { HostSession } from './HostSession';
import { SPECTATOR_SLOT } from '../types';
import type { LobbySlot } from '../types';

/** Slots per 'slots' message: 1 + 2 + 20 × (6 + MAX_NAME_BYTES 48) = 1083 bytes stays under MAX_CTL_BYTES (1100). */
export const SLOTS_PER_CHUNK = 20;

/** The whole slot table as one or more 'slots' messages. */
export function slotChunks(slots: readonly LobbySlot[]): HostControl[] {
  const out: HostControl[] = [];
  for (let first = 0; first < slots.length; first += SLOTS_PER_CHUNK) {
    out.push({ t: 'slots', first, slots: slots.slice(first, first + SLOTS_PER_CHUNK) });
  }
  return out;
}

/** A hash reporter number as a slot on the wire (spectators all read as SPECTATOR_SLOT). */
export function reporterSlot(r: number): number {
  return r < SPECTATOR_BASE ? r : SPECTATOR_SLOT;
}

/** The control message that tells session `s` about notice `n`. */
export function hostNoticeToControl(n: MatchNotice, s: HostSession, m: HostMatch): HostControl {
  switch (n.t) {
    case 'dropped':
      return { t: 'dropped', slot: n.slot, key: n.key, why: n.why };
    case 'pause':
      return { t: 'pause', paused: n.paused, by: n.by, pausesLeft: m.pausesLeftFor(s.slot) };
    case 'desync':
      return { t: 'desync', key: n.key, agreedKey: n.agreedKey, refHash: n.refHash, refSlot: reporterSlot(n.refReporter), slots: n.reporters.map(reporterSlot) };
    case 'refsub':
      return { t: 'refsub', key: n.key, refSlot: reporterSlot(n.refReporter), hashes: n.hashes };
    case 'end':
      return { t: 'end', lastKey: n.lastKey, hash: n.hash, agreed: n.agreed };
    case 'takeover':
      return { t: 'takeover', slot: n.slot, key: n.key };
  }
}
