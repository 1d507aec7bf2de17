/**
 * The sealer's half for group frames (v10, issue 15): a host multicasts each release once to
 * its LAN group, and every peer that listens must know the frame is the host's. A session tag
 * cannot say so (every listener holds its own key, and any of them could forge a frame for the
 * others), so the host signs group frames with an Ed25519 key of its own (keys.ts
 * `newGroupSigner`) and names that key, with the group, in the ACCEPT it seals for each joiner.
 *
 * Layouts (since PROTOCOL_VERSION 10, little-endian):
 *   ACCEPT trailer  (after core's ACCEPT, before the session tag) the group block: u32 IPv4 group
 *                   address (byte order as written), u16 port, 32 B the host's Ed25519 public key,
 *                   u32 its last group sequence number; then u8 the block's length (42). A lone
 *                   0 byte: this host has no group.
 *   GFRAME          core's GFRAME (codec.ts), u32 sequence number, 64 B Ed25519 signature over
 *                   "ball-brawl group 10 ADDRESS:PORT\n" ‖ core's bytes ‖ the sequence number
 * The signature binds the group's address, so a frame cannot be replayed into another host's
 * group; the sequence number only grows, so a recorded frame is not read twice (`badGroup`).
 * Invariants: never throws on wire input; the table of joined hosts is bounded.
 */
import { GROUP_TRAILER_BYTES, HEADER_BYTES, readHeader } from '../../../../core/net';
import { LockstepType } from '../../../../core/lockstep';
import { concat, remember, u32 } from './bytes';
import { groupVerifier, KEY_BYTES, newGroupSigner, SIGNATURE_BYTES } from './keys';
import type { GroupSigner } from './keys';

/** A host's multicast group on the LAN: an IPv4 group address and a port. */
export interface GroupAddress {
  readonly address: string;
  readonly port: number;
}

/** The ACCEPT's group block: u32 IPv4 group, u16 port, the host's Ed25519 key, u32 its last sequence number. */
export const GROUP_BLOCK = 4 + 2 + KEY_BYTES + 4;
/** Bound of the hosts whose groups this side reads (a peer joins one host at a time). */
const HOSTS_LIMIT = 64;

/** What a group signature covers: the group's address, core's bytes and the sequence number. */
function groupSigned(to: GroupAddress, bytes: Uint8Array): Uint8Array {
  return concat(new TextEncoder().encode(`ball-brawl group 10 ${to.address}:${to.port}\n`), bytes);
}

export class GroupSeal {
  /** Hosting: the group our group frames go to, our signing key, the last sequence number used. */
  private out: { readonly to: GroupAddress; readonly signer: GroupSigner; seq: number } | null = null;
  /** Joined hosts' groups, by host address: its key's checker and the last sequence number read. */
  private readonly hosts = new Map<string, { readonly to: GroupAddress; readonly check: (data: Uint8Array, signature: Uint8Array) => boolean; seq: number }>();
  /** Told when a host we joined announces its group (the transport may join it). */
  onAnnounce: ((host: string, group: GroupAddress) => void) | null = null;

  constructor(
    /** The sealer's counters: a bad group block counts as a bad join, a bad group frame as badGroup. */
    private readonly counters: { badJoin: number; badGroup: number },
  ) {}

  /**
   * Hosting with group frames: they go to `to`, signed with a key made now; every ACCEPT from now
   * on names the group and that key (sealed with the joiner's session key, so a spoofer cannot
   * swap them).
   */
  host(to: GroupAddress): void {
    this.out = { to, signer: newGroupSigner(), seq: 0 };
  }

  /** The ACCEPT's trailer: the group block and its length byte (0 alone: no group). */
  block(): Uint8Array {
    const g = this.out;
    if (!g) return Uint8Array.of(0);
    const b = new DataView(new ArrayBuffer(GROUP_BLOCK + 1));
    g.to.address.split('.').forEach((o, i) => b.setUint8(i, Number(o)));
    b.setUint16(4, g.to.port, true);
    new Uint8Array(b.buffer).set(g.signer.publicKey, 6);
    b.setUint32(6 + KEY_BYTES, g.seq, true);
    b.setUint8(GROUP_BLOCK, GROUP_BLOCK);
    return new Uint8Array(b.buffer);
  }

  /**
   * Core's ACCEPT from an opened one (tag checked): the trailer is taken off and a group block in
   * it remembered (`onAnnounce`, once per host). Null: a malformed trailer (counted badJoin).
   */
  readBlock(from: string, body: Uint8Array): Uint8Array | null {
    const n = body[body.length - 1] ?? 0;
    const core = body.subarray(0, Math.max(0, body.length - 1 - n));
    if (n === 0) return core;
    const block = body.subarray(core.length, body.length - 1);
    const check = n === GROUP_BLOCK ? groupVerifier(block.subarray(6, 6 + KEY_BYTES)) : null;
    if (!check || core.length <= HEADER_BYTES) {
      this.counters.badJoin++;
      return null;
    }
    if (!this.hosts.has(from)) {
      const to = { address: [...block.subarray(0, 4)].join('.'), port: (block[4] ?? 0) | ((block[5] ?? 0) << 8) };
      remember(this.hosts, from, { to, check, seq: u32(block, 6 + KEY_BYTES) }, HOSTS_LIMIT);
      this.onAnnounce?.(from, to);
    }
    return core;
  }

  /** A group frame as it goes to the group: core's bytes, the next sequence number, the signature. Null: not hosting a group. */
  seal(bytes: Uint8Array): Uint8Array | null {
    const g = this.out;
    if (!g) return null;
    g.seq = (g.seq + 1) >>> 0;
    const seq = new Uint8Array(4);
    new DataView(seq.buffer).setUint32(0, g.seq, true);
    return concat(bytes, seq, g.signer.sign(groupSigned(g.to, concat(bytes, seq))));
  }

  /**
   * What core reads of a datagram that came to the group of the host at `host`: a group frame
   * signed by that host with a sequence number it has not used before (a replay is dropped), or
   * nothing (counted `badGroup`).
   */
  open(host: string, bytes: Uint8Array): Uint8Array | null {
    const g = this.hosts.get(host);
    const h = readHeader(bytes);
    const signed = bytes.subarray(0, bytes.length - SIGNATURE_BYTES);
    const seq = u32(bytes, bytes.length - GROUP_TRAILER_BYTES);
    if (!g || !h.ok || h.type !== LockstepType.GroupFrame || bytes.length < HEADER_BYTES + GROUP_TRAILER_BYTES || seq <= g.seq || !g.check(groupSigned(g.to, signed), bytes.subarray(signed.length))) {
      this.counters.badGroup++;
      return null;
    }
    g.seq = seq;
    return bytes.subarray(0, bytes.length - GROUP_TRAILER_BYTES);
  }
}
