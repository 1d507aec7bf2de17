import { describe, expect, it } from 'vitest';
import { decodeDatagram, encodeAccept, encodeHostFrame, encodeJoin } from '../../../../core/lockstep';
import type { HostFrame } from '../../../../core/lockstep';
import { GROUP_TRAILER_BYTES, HEADER_BYTES, MAC_BYTES, MAX_DATAGRAM_BYTES } from '../../../../core/net';
import { concat } from './bytes';
import { GROUP_BLOCK, GroupSeal } from './groupSeal';
import type { GroupAddress } from './groupSeal';
import { newIdentity } from './keys';
import { Sealer } from './Sealer';

const HOST = '10.0.0.1:47777';
const OTHER_HOST = '10.0.0.3:47777';
const ME = '10.0.0.2:5000';
// Distinct octets and a port above 255: a swapped byte order shows.
const GROUP: GroupAddress = { address: '239.255.1.2', port: 47779 };

const sealer = (): Sealer => new Sealer(newIdentity(), () => 1_000_000);
const accept = (nonce = 1): Uint8Array => encodeAccept({ nonce, slot: 3, token: 0xabcdef, owner: true });
const gframe = (key = 10): Uint8Array => encodeHostFrame({ updates: [{ key, inputs: [], events: [] }], held: [0, 9, 49] }).bytes;

/** Runs the real JOIN / CHALLENGE / sealed JOIN exchange; returns the host's sealed ACCEPT (not yet opened). */
function handshake(host: Sealer, client: Sealer, hostAddr = HOST, nonce = 1): Uint8Array {
  const j = encodeJoin({ nonce, spectate: false, name: 'Ana', appVersion: '1.0.0' });
  const challenge = host.open(ME, client.seal(hostAddr, j)!).reply!;
  expect(host.open(ME, client.open(hostAddr, challenge).reply!).deliver).toEqual(j);
  return host.seal(ME, accept(nonce))!;
}

/** A client that records its announcements. */
function listener(): { client: Sealer; heard: [string, GroupAddress][] } {
  const client = sealer();
  const heard: [string, GroupAddress][] = [];
  client.group.onAnnounce = (h, g) => heard.push([h, g]);
  return { client, heard };
}

/** A host with a group and a client that joined it (ACCEPT opened). */
function joined(): { host: Sealer; client: Sealer } {
  const host = sealer();
  host.group.host(GROUP);
  const { client } = listener();
  expect(client.open(HOST, handshake(host, client)).deliver).toEqual(accept());
  return { host, client };
}

const flip = (b: Uint8Array, at: number): Uint8Array => {
  const c = b.slice();
  c[at] = (c[at] ?? 0) ^ 1;
  return c;
};

describe('GroupSeal: the group block in the ACCEPT', () => {
  it('announces the host group once, even for a repeated ACCEPT, and core reads its ACCEPT unchanged', () => {
    const host = sealer();
    host.group.host(GROUP);
    const { client, heard } = listener();
    const sealed = handshake(host, client);
    expect(sealed.length).toBe(accept().length + GROUP_BLOCK + 1 + MAC_BYTES);
    expect(client.open(HOST, sealed).deliver).toEqual(accept());
    expect(heard).toEqual([[HOST, GROUP]]);
    // The same ACCEPT again (now through the session), and one resealed for a repeated JOIN.
    expect(client.open(HOST, sealed).deliver).toEqual(accept());
    expect(client.open(HOST, host.seal(ME, accept())!).deliver).toEqual(accept());
    expect(heard).toHaveLength(1);
    expect(client.counters).toMatchObject({ badJoin: 0, badMac: 0, badGroup: 0 });
  });

  it('a host without a group adds one zero byte: the ACCEPT reaches core unchanged, nothing is announced', () => {
    const host = sealer();
    const { client, heard } = listener();
    const sealed = handshake(host, client);
    expect(sealed.length).toBe(accept().length + 1 + MAC_BYTES);
    expect(client.open(HOST, sealed).deliver).toEqual(accept());
    expect(heard).toEqual([]);
    expect(host.group.seal(gframe())).toBeNull(); // not hosting a group: nothing to sign with
    expect(client.counters.badJoin).toBe(0);
  });

  it('drops an ACCEPT whose group block is malformed (counted badJoin), and a good one still opens after', () => {
    const host = sealer();
    host.group.host(GROUP);
    const { client, heard } = listener();
    const good = host.group.block();
    expect(good.length).toBe(GROUP_BLOCK + 1);
    // Sealer seals whatever block() gives: swap in bad ones, sealed with the real session key.
    const bad: Uint8Array[] = [
      concat(good.subarray(0, GROUP_BLOCK), Uint8Array.of(41)), // length byte not 42
      concat(good.subarray(1, GROUP_BLOCK), Uint8Array.of(41)), // a 41-byte block, consistent length
      concat(good.subarray(0, GROUP_BLOCK), Uint8Array.of(200)), // longer than the datagram
      Uint8Array.of(7), // a length with no block
    ];
    handshake(host, client);
    for (const [i, b] of bad.entries()) {
      host.group.block = () => b;
      expect(client.open(HOST, host.seal(ME, accept())!).deliver, `case ${i}`).toBeNull();
      expect(client.counters.badJoin, `case ${i}`).toBe(i + 1);
    }
    expect(client.counters.badMac).toBe(0); // dropped for the block, not the tag
    expect(heard).toEqual([]);
    host.group.block = () => good;
    expect(client.open(HOST, host.seal(ME, accept())!).deliver).toEqual(accept());
    expect(heard).toEqual([[HOST, GROUP]]);
    // Also once the session is open (a repeated ACCEPT).
    host.group.block = () => bad[0]!;
    expect(client.open(HOST, host.seal(ME, accept())!).deliver).toBeNull();
    expect(client.counters.badJoin).toBe(bad.length + 1);
  });

  it('readBlock: takes the trailer off, refuses a bad one, never throws', () => {
    const counters = { badJoin: 0, badGroup: 0 };
    const g = new GroupSeal(counters);
    const host = new GroupSeal({ badJoin: 0, badGroup: 0 });
    host.host(GROUP);
    const a = accept();
    expect(g.readBlock(HOST, concat(a, Uint8Array.of(0)))).toEqual(a);
    expect(g.readBlock(HOST, concat(a, host.block()))).toEqual(a);
    expect(counters.badJoin).toBe(0);
    // A block but no ACCEPT before it; a length byte one too many; one beyond the datagram.
    expect(g.readBlock(OTHER_HOST, host.block())).toBeNull();
    expect(g.readBlock(OTHER_HOST, concat(a, host.block().subarray(0, GROUP_BLOCK), Uint8Array.of(GROUP_BLOCK + 1)))).toBeNull();
    expect(g.readBlock(OTHER_HOST, concat(a, Uint8Array.of(255)))).toBeNull();
    expect(counters.badJoin).toBe(3);
    for (let n = 0; n < 60; n++) expect(() => g.readBlock(OTHER_HOST, concat(a, host.block()).subarray(0, n))).not.toThrow();
  });
});

describe('GroupSeal: group frames', () => {
  it('a frame the host signs opens on a client that joined it, as exactly core bytes', () => {
    const { host, client } = joined();
    const g = gframe();
    const sealed = host.group.seal(g)!;
    expect(sealed.length).toBe(g.length + GROUP_TRAILER_BYTES);
    expect(client.group.open(HOST, sealed)).toEqual(g);
    const next = gframe(11);
    expect(client.group.open(HOST, host.group.seal(next)!)).toEqual(next);
    const d = decodeDatagram(next, 10);
    expect(d.ok && (d.msg as HostFrame).held).toEqual([0, 9, 49]);
    expect(client.counters.badGroup).toBe(0);
  });

  it('a group frame core fills to its budget is still one datagram once signed', () => {
    const { host, client } = joined();
    const big = encodeHostFrame({ ctl: { firstSeq: 0, msgs: [new Uint8Array(1000), new Uint8Array(112)] }, held: [0, 49] }).bytes;
    const sealed = host.group.seal(big)!;
    expect(sealed.length).toBe(MAX_DATAGRAM_BYTES); // 1132 B of core's, the u32 sequence number, the signature
    expect(client.group.open(HOST, sealed)).toEqual(big);
  });

  it('refuses a replayed frame, an older one after a newer, and one sealed before the client joined', () => {
    const host = sealer();
    host.group.host(GROUP);
    const before = host.group.seal(gframe(1))!; // recorded by anyone listening before our join
    const { client } = listener();
    client.open(HOST, handshake(host, client));
    expect(client.group.open(HOST, before)).toBeNull();
    expect(client.counters.badGroup).toBe(1);
    const older = host.group.seal(gframe(2))!;
    const newer = host.group.seal(gframe(3))!;
    expect(client.group.open(HOST, newer)).toEqual(gframe(3));
    expect(client.group.open(HOST, newer)).toBeNull();
    expect(client.group.open(HOST, older)).toBeNull();
    expect(client.counters.badGroup).toBe(3);
    expect(client.group.open(HOST, host.group.seal(gframe(4))!)).toEqual(gframe(4));
  });

  it('refuses forged and altered frames, and they do not use up the sequence number', () => {
    const { host, client } = joined();
    const g = gframe();
    const sealed = host.group.seal(g)!;
    // Another host's key, same group address and same sequence number.
    const impostor = sealer();
    impostor.group.host(GROUP);
    expect(client.group.open(HOST, impostor.group.seal(g)!)).toBeNull();
    // One bit anywhere: in core's bytes (header, mask, sections), the sequence number, the signature.
    for (const at of [3, HEADER_BYTES, HEADER_BYTES + 1, g.length - 1, g.length + 1, g.length + 4, sealed.length - 1]) {
      expect(client.group.open(HOST, flip(sealed, at)), `byte ${at}`).toBeNull();
    }
    // A bigger sequence number (a replay past the check) without a new signature.
    const bumped = sealed.slice();
    bumped[g.length + 3] = 0x7f;
    expect(client.group.open(HOST, bumped)).toBeNull();
    // The signature cut off or core's bytes alone.
    expect(client.group.open(HOST, sealed.subarray(0, sealed.length - 1))).toBeNull();
    expect(client.group.open(HOST, g)).toBeNull();
    expect(client.counters.badGroup).toBe(11);
    // None of them advanced the client's sequence number: the genuine frame still opens.
    expect(client.group.open(HOST, sealed)).toEqual(g);
  });

  it('reads a group only for the host that announced it', () => {
    const a = sealer();
    a.group.host(GROUP);
    const b = sealer();
    b.group.host({ address: '239.255.9.9', port: GROUP.port });
    const { client, heard } = listener();
    client.open(HOST, handshake(a, client, HOST));
    client.open(OTHER_HOST, handshake(b, client, OTHER_HOST, 2));
    expect(heard.map(([h]) => h)).toEqual([HOST, OTHER_HOST]);
    const fromA = a.group.seal(gframe())!;
    // A host we never joined, and A's frame arriving in B's group.
    expect(client.group.open('10.0.0.99:47777', fromA)).toBeNull();
    expect(client.group.open(OTHER_HOST, fromA)).toBeNull();
    expect(client.counters.badGroup).toBe(2);
    expect(client.group.open(HOST, fromA)).toEqual(gframe());
    expect(client.group.open(OTHER_HOST, b.group.seal(gframe())!)).toEqual(gframe());
  });

  it('binds the group address: the same key announced with another group does not read the frame', () => {
    const host = new GroupSeal({ badJoin: 0, badGroup: 0 });
    host.host(GROUP);
    const counters = { badJoin: 0, badGroup: 0 };
    const client = new GroupSeal(counters);
    const block = host.block();
    const otherPort = block.slice();
    otherPort[4] = (otherPort[4] ?? 0) ^ 1;
    const otherAddress = block.slice();
    otherAddress[3] = 3; // 239.255.1.3
    const announced: GroupAddress[] = [];
    client.onAnnounce = (_h, g) => announced.push(g);
    client.readBlock(HOST, concat(accept(), block));
    client.readBlock('port', concat(accept(), otherPort));
    client.readBlock('address', concat(accept(), otherAddress));
    expect(announced).toEqual([GROUP, { address: GROUP.address, port: GROUP.port ^ 1 }, { address: '239.255.1.3', port: GROUP.port }]);
    const sealed = host.seal(gframe())!;
    expect(client.open('port', sealed)).toBeNull();
    expect(client.open('address', sealed)).toBeNull();
    expect(counters.badGroup).toBe(2);
    expect(client.open(HOST, sealed)).toEqual(gframe());
  });

  it('refuses a correctly signed datagram that is not a GFRAME', () => {
    const { host, client } = joined();
    const hframe = encodeHostFrame({ inputAck: 4 }).bytes;
    expect(client.group.open(HOST, host.group.seal(hframe)!)).toBeNull();
    expect(client.group.open(HOST, host.group.seal(accept())!)).toBeNull();
    expect(client.counters.badGroup).toBe(2);
  });

  it('never throws on short or garbage datagrams, and drops them all', () => {
    const { host, client } = joined();
    const sealed = host.group.seal(gframe())!;
    let dropped = 0;
    for (let n = 0; n < sealed.length; n++) {
      expect(client.group.open(HOST, sealed.subarray(0, n))).toBeNull();
      dropped++;
    }
    expect(client.group.open(HOST, Uint8Array.of(0x42, 0x42, sealed[2]!, 0x22))).toBeNull();
    expect(client.group.open(HOST, new Uint8Array(HEADER_BYTES + GROUP_TRAILER_BYTES).fill(0xff))).toBeNull();
    expect(client.counters.badGroup).toBe(dropped + 2);
    expect(client.group.open(HOST, sealed)).toEqual(gframe());
  });
});
