/**
 * The host tells the match's peers the keys its sealer holds (protocol 9, `keys`): after a
 * takeover a successor and its peers seal what they say to each other with them. Core carries them
 * as opaque bytes; here a stand-in key per address.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SUCCESSORS } from '../wire';
import type { LinkSpec } from '../testing/NetSim';
import { OWNER, Room } from '../testing/Room';

const LAN: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };
const keyOf = (addr: string): Uint8Array | null => (addr === OWNER ? null : Uint8Array.from({ length: 32 }, (_, i) => (addr.charCodeAt(i % addr.length) + i) & 255));
const told = (keys: readonly { addr: string }[]) => keys.map((k) => k.addr).sort();

describe('keys for a takeover', () => {
  it('tells each successor every match peer’s key and everyone else the successors’, each once', () => {
    const humans = MAX_SUCCESSORS + 2; // the owner (never a successor), 16 successors, 1 voter
    const room = new Room({ seed: 81, humans, link: LAN, settings: { maxSlots: 20, matchSeconds: 8 }, keyOf });
    expect(room.joinAll()).toBe(true);
    expect(room.start()).toBe(true);
    room.run(1500);
    const peers = room.clients.slice(1).map((c) => c.addr);
    const successors = peers.slice(0, MAX_SUCCESSORS);
    for (const c of room.clients.slice(1, 1 + MAX_SUCCESSORS)) expect(told(c.keys)).toEqual(peers.filter((a) => a !== c.addr).sort());
    const voter = room.clients[humans - 1]!;
    expect(told(voter.keys)).toEqual([...successors].sort());
    expect(told(room.clients[0]!.keys)).toEqual([...successors].sort());
    for (const c of room.clients) for (const k of c.keys) expect(k.key).toEqual(keyOf(k.addr));
    // The order changes (a successor goes): the voter moves up and is told the rest; nobody twice.
    room.crash(1);
    room.run(3000);
    expect(told(voter.keys)).toEqual(peers.filter((a) => a !== voter.addr).sort());
    for (const c of room.clients.slice(2)) expect(new Set(told(c.keys)).size).toBe(c.keys.length);
  });

  it('sends no keys without a sealer (the simulator, the owner’s loopback)', () => {
    const room = new Room({ seed: 82, humans: 3, link: LAN, settings: { matchSeconds: 4 } });
    expect(room.joinAll()).toBe(true);
    expect(room.start()).toBe(true);
    room.run(1000);
    expect(room.clients.every((c) => c.keys.length === 0)).toBe(true);
  });
});
