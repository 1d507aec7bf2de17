/**
 * The sealer (issue 17): a per-session secret agreed by X25519 in the JOIN exchange, and a
 * truncated HMAC on every lockstep datagram of the session, both ways. It sits between the UDP
 * socket and core/lockstep (UdpTransport's `sealer`), so `core/` stays free of cryptography: it sees
 * the datagrams it always saw and asks one question, `rejoinProof` (HostOptions.rejoinProof).
 *
 * The join (a cookie exchange, as DTLS's HelloVerifyRequest; layouts, PROTOCOL_VERSION 9):
 *   JOIN      c→h  header, 32 B joiner's public key, 16 B cookie (zeros: none yet), core's JOIN
 *                  body, then with a cookie the 8 B tag (session key, side 'c')
 *   CHALLENGE h→c  header (type 0x16), 32 B host's public key, 16 B cookie — sent raw to a JOIN
 *                  without a valid cookie; never reaches core
 * The cookie is HMAC(link secret, address ‖ joiner's key ‖ 30 s epoch): the host keeps no state
 * for it, it binds the address (a blind spoofer never sees it, so JOINs from made-up addresses
 * make no session) and it is fresh, so the session key derived from it (keys.ts `sessionKey`) is
 * new for every join and a tag over it answers the host's challenge: a JOIN reaches core only from
 * the holder of the private key it names. The ACCEPT or REJECT that answers it is sealed with that
 * key; an ACCEPT makes it the address's session. From then on every datagram of the session ends
 * with its tag; one without a valid tag (unsealed, forged, altered, reflected) is counted (`badMac`)
 * and dropped before anything past the header is read.
 * Rejoin: the host remembers which key each token was accepted for; a rejoin JOIN (its token is
 * in core's body) is honoured only from the same key (`rejoinProof`), so a sniffed token is worth
 * nothing without the private key the app stored beside it.
 * After a takeover: a successor and its peers never met through a JOIN. The first host tells the
 * match's peers the keys it holds (core's `keys` message, HostOptions.keyOf → `vouch`): a successor
 * every peer's, the others the successors'. With those, each side computes a session key from
 * both static keys, and what they say to each other is sealed like the rest. A successor's CLAIM
 * (core's answer to a peer's lost report, naming its token) binds that token to the peer's key
 * as an ACCEPT does, for as long as the room lives: however long the peer is silent later, a
 * rejoin with its token must prove that key.
 * Group frames (v10), one signed datagram to the host's LAN group for every peer: groupSeal.ts.
 * Not sealed: discovery probes (public), datagrams of another protocol version (a version REJECT
 * must reach an old app), and traffic with an address nobody vouched for (docs/ARCHITECTURE.md
 * "Threat model").
 * Invariants: never throws on wire input; every table is bounded.
 */
import { randomBytes } from 'node:crypto';
import { HEADER_BYTES, MAC_BYTES, readHeader } from '../../../../core/net';
import { LockstepType } from '../../../../core/lockstep';
import type { HostOptions, RejoinProof } from '../../../../core/lockstep';
import { concat, equal, remember, u32 } from './bytes';
import { GroupSeal } from './groupSeal';
import { digest, JOINED, JOINER, KEY_BYTES, sessionKey, tag, tagMatches } from './keys';
import type { Identity, Side } from './keys';

export const COOKIE_BYTES = 16;
export const COOKIE_EPOCH_MS = 30_000;
/** JOIN's key block: the joiner's public key and the cookie. */
const BLOCK = KEY_BYTES + COOKIE_BYTES;
export const CHALLENGE_BYTES = HEADER_BYTES + BLOCK;
/** Bound of the sessions (the stalest goes first) and of the joins awaiting core's answer (the oldest). */
const TABLE_LIMIT = 4096;
/**
 * Bound of the tokens' keys. Each entry costs an ACCEPT, which core gives only to a real address
 * with room for it; forgetting one would let its token rejoin unproven, so the bound is far beyond
 * any room's life (a room sees tens of joins).
 */
const OWNER_LIMIT = 65_536;

export interface SealCounters {
  /** Lockstep datagrams without a valid tag from an address that has a session or is being joined. */
  badMac: number;
  /** JOINs answered with a CHALLENGE (no cookie yet, or an expired or forged one). */
  challenges: number;
  /** Datagrams of the exchange that are malformed, carry an invalid key or arrive unasked. */
  badJoin: number;
  /** Rejoins refused because the JOIN was not sealed with the key its token was given to. */
  unproven: number;
  /** Group frames dropped: not signed by the host whose group they came to, or replayed. */
  badGroup: number;
}

interface Session {
  readonly key: Buffer;
  /** When a datagram of it last opened (what the stalest eviction goes by). */
  heard: number;
  /** This side of the session (its datagrams are sealed as it, the peer's checked as the other). */
  readonly side: Side;
  readonly peer: Uint8Array;
}

interface Joining {
  peer: Uint8Array | null;
  cookie: Uint8Array | null;
  key: Buffer | null;
  /** The JOIN core sent last, resent sealed as soon as a challenge arrives. */
  last: Uint8Array | null;
}

export interface Opened {
  /** What core reads (the datagram without the link's bytes), or null: dropped. */
  readonly deliver: Uint8Array | null;
  /** A datagram to send back to the sender as is (a CHALLENGE, or our JOIN resealed after one). */
  readonly reply: Uint8Array | null;
}

const DROP: Opened = { deliver: null, reply: null };

export class Sealer {
  readonly counters: SealCounters = { badMac: 0, challenges: 0, badJoin: 0, unproven: 0, badGroup: 0 };
  private readonly secret = randomBytes(32);
  private readonly sessions = new Map<string, Session>();
  /** Hosts this side is joining, by address. */
  private readonly joining = new Map<string, Joining>();
  /** JOINs that reached core and await its answer: by "address|nonce". */
  private readonly candidates = new Map<string, Session>();
  /** The key each token was accepted for, or claimed with at a successor (rejoins must prove it). */
  private readonly owners = new Map<number, Uint8Array>();
  /** Peers our host vouched for (`vouch`): sessions keyed by both sides' static keys, by address. */
  private readonly vouched = new Map<string, Session>();
  /** Group frames (v10): hosting a group, and the groups of the hosts we joined. */
  readonly group = new GroupSeal(this.counters);

  constructor(
    readonly identity: Identity,
    private readonly now: () => number,
  ) {}

  /** The datagram to send for core's `bytes` to `to`, or null: not yet (a host being joined gets JOINs only). */
  seal(to: string, bytes: Uint8Array): Uint8Array | null {
    const h = readHeader(bytes);
    if (!h.ok || h.type < LockstepType.Join) return bytes;
    if (h.type === LockstepType.Join) return this.sealJoin(to, bytes);
    if (h.type === LockstepType.Accept || h.type === LockstepType.Reject) {
      const c = this.candidates.get(`${to}|${u32(bytes, HEADER_BYTES)}`);
      if (c) {
        if (h.type === LockstepType.Accept) {
          this.bind(to, { ...c, heard: this.now() });
          // ACCEPT: u32 nonce, u8 slot, u32 token (codec.ts).
          remember(this.owners, u32(bytes, HEADER_BYTES + 5), c.peer, OWNER_LIMIT);
        }
        const body = h.type === LockstepType.Accept ? concat(bytes, this.group.block()) : bytes;
        return concat(body, tag(c.key, JOINED, body));
      }
    }
    const s = this.sessions.get(to) ?? this.vouched.get(to);
    if (s) {
      // A CLAIM (SUCCEED kind 2, u32 the peer's token: successionWire.ts) to a peer with a key.
      if (h.type === LockstepType.Succeed && bytes[HEADER_BYTES] === 2) remember(this.owners, u32(bytes, HEADER_BYTES + 1), s.peer, OWNER_LIMIT);
      return concat(bytes, tag(s.key, s.side, bytes));
    }
    // Nothing but JOINs goes to a host before its ACCEPT.
    return this.joining.has(to) ? null : bytes;
  }

  private sealJoin(to: string, bytes: Uint8Array): Uint8Array {
    let j = this.joining.get(to);
    if (!j) this.joining.set(to, (j = { peer: null, cookie: null, key: null, last: null }));
    j.last = bytes.slice();
    const out = concat(bytes.subarray(0, HEADER_BYTES), this.identity.publicKey, j.cookie ?? new Uint8Array(COOKIE_BYTES), bytes.subarray(HEADER_BYTES));
    return j.key ? concat(out, tag(j.key, JOINER, out)) : out;
  }

  /** What becomes of a datagram from `from`. */
  open(from: string, bytes: Uint8Array): Opened {
    const h = readHeader(bytes);
    if (!h.ok || h.type < LockstepType.Join) return { deliver: bytes, reply: null };
    if (h.type === LockstepType.Challenge) return this.onChallenge(from, bytes);
    if (h.type === LockstepType.Join) return this.onJoin(from, bytes);
    const s = this.sessions.get(from) ?? this.vouched.get(from);
    if (s) {
      const body = this.check(s.key, s.side === JOINER ? JOINED : JOINER, bytes);
      if (!body) return DROP;
      s.heard = this.now();
      // A repeated ACCEPT (the host answers every JOIN it got): its group block is known already.
      return { deliver: h.type === LockstepType.Accept ? this.group.readBlock(from, body) : body, reply: null };
    }
    const j = this.joining.get(from);
    if (!j) return { deliver: bytes, reply: null };
    // A host we are joining: its ACCEPT opens the session; on a reordering link its first frames
    // may come before it, sealed with the same key.
    const body = this.check(j.key, JOINED, bytes);
    if (body && j.key && j.peer && h.type === LockstepType.Accept) {
      this.bind(from, { key: j.key, side: JOINER, peer: j.peer, heard: this.now() });
      this.joining.delete(from);
      return { deliver: this.group.readBlock(from, body), reply: null };
    }
    return body ? { deliver: body, reply: null } : DROP;
  }

  /** Makes `s` the session of `addr`; beyond TABLE_LIMIT the stalest one is forgotten. */
  private bind(addr: string, s: Session): void {
    this.sessions.delete(addr);
    this.sessions.set(addr, s);
    if (this.sessions.size <= TABLE_LIMIT) return;
    let stalest: [string, Session] | null = null;
    for (const e of this.sessions) if (!stalest || e[1].heard < stalest[1].heard) stalest = e;
    if (stalest) this.sessions.delete(stalest[0]);
  }

  /** `bytes` without its tag if the tag is `key`'s for `side`; else counted and null. */
  private check(key: Buffer | null, side: Side, bytes: Uint8Array): Uint8Array | null {
    const body = bytes.subarray(0, bytes.length - MAC_BYTES);
    if (key && bytes.length >= HEADER_BYTES + MAC_BYTES && tagMatches(key, side, body, bytes.subarray(body.length))) return body;
    this.counters.badMac++;
    return null;
  }

  private onChallenge(from: string, bytes: Uint8Array): Opened {
    const j = this.joining.get(from);
    const peer = bytes.slice(HEADER_BYTES, HEADER_BYTES + KEY_BYTES);
    const cookie = bytes.slice(HEADER_BYTES + KEY_BYTES, CHALLENGE_BYTES);
    const key = j && bytes.length === CHALLENGE_BYTES ? sessionKey(this.identity, peer, cookie) : null;
    if (!j || !key) {
      this.counters.badJoin++;
      return DROP;
    }
    Object.assign(j, { peer, cookie, key });
    return { deliver: null, reply: j.last ? this.sealJoin(from, j.last) : null };
  }

  private cookie(from: string, peer: Uint8Array, epoch: number): Buffer {
    return digest(this.secret, from, peer, String(epoch)).subarray(0, COOKIE_BYTES);
  }

  private onJoin(from: string, bytes: Uint8Array): Opened {
    // Shorter than the CHALLENGE it would get: a reflector's amplifier, or not ours.
    if (bytes.length <= CHALLENGE_BYTES) {
      this.counters.badJoin++;
      return DROP;
    }
    const peer = bytes.slice(HEADER_BYTES, HEADER_BYTES + KEY_BYTES);
    const got = bytes.subarray(HEADER_BYTES + KEY_BYTES, CHALLENGE_BYTES);
    const epoch = Math.floor(this.now() / COOKIE_EPOCH_MS);
    const cookie = this.cookie(from, peer, epoch);
    if (!equal(got, cookie) && !equal(got, this.cookie(from, peer, epoch - 1))) {
      this.counters.challenges++;
      return { deliver: null, reply: concat(bytes.subarray(0, HEADER_BYTES - 1), Uint8Array.of(LockstepType.Challenge), this.identity.publicKey, cookie) };
    }
    const key = sessionKey(this.identity, peer, got);
    if (!key) {
      this.counters.badJoin++;
      return DROP;
    }
    const body = this.check(key, JOINER, bytes);
    if (!body) return DROP;
    const core = concat(body.subarray(0, HEADER_BYTES), body.subarray(CHALLENGE_BYTES));
    remember(this.candidates, `${from}|${u32(core, HEADER_BYTES)}`, { key, side: JOINED, peer, heard: this.now() }, TABLE_LIMIT);
    return { deliver: core, reply: null };
  }

  /**
   * Our host's word (its `keys` message) that the peer at `addr` holds `publicKey`: what this peer
   * and that one say to each other — a successor and its peers after a takeover, who never met
   * through a JOIN — is sealed with a key of both static keys (no round trip: each side computes
   * it), and what comes from `addr` unsealed is dropped from now on. A JOIN session with `addr`
   * comes first. An invalid key is ignored.
   */
  vouch(addr: string, publicKey: Uint8Array): void {
    const mine = this.identity.publicKey;
    if (equal(publicKey, mine) || (this.vouched.has(addr) && equal(this.vouched.get(addr)!.peer, publicKey))) return;
    const low = Buffer.compare(Buffer.from(mine), Buffer.from(publicKey)) < 0;
    const key = sessionKey(this.identity, publicKey, low ? concat(mine, publicKey) : concat(publicKey, mine));
    if (key) remember(this.vouched, addr, { key, side: low ? JOINER : JOINED, peer: Uint8Array.from(publicKey), heard: this.now() }, TABLE_LIMIT);
  }

  /** The public key of the peer at `addr` (a JOIN session's, or one our host vouched for). */
  keyOf(addr: string): Uint8Array | null {
    return (this.sessions.get(addr) ?? this.vouched.get(addr))?.peer ?? null;
  }

  /**
   * Whether the JOIN `nonce` from `from` may take back the slot of `token` (HostOptions.rejoinProof):
   * it was sealed with the key that token was accepted for or claimed with ('proven'), with
   * another ('unproven', counted), or this sealer holds no key for the token ('unkeyed': a player
   * away when the host went, whose token this successor never claimed, or no such token).
   */
  rejoinProof(token: number, from: string, nonce: number): RejoinProof {
    const owner = this.owners.get(token >>> 0);
    if (!owner) return 'unkeyed';
    const c = this.candidates.get(`${from}|${nonce >>> 0}`);
    if (c !== undefined && equal(c.peer, owner)) return 'proven';
    this.counters.unproven++;
    return 'unproven';
  }
}

/** HostOptions.rejoinProof and keyOf from a socket's sealer (none: the token alone names a slot). */
export function hostSealOptions(sealer: Sealer | null): Pick<HostOptions, 'rejoinProof' | 'keyOf'> {
  return sealer ? { rejoinProof: (token, from, nonce) => sealer.rejoinProof(token, from, nonce), keyOf: (addr) => sealer.keyOf(addr) } : {};
}
