import { describe, expect, it } from 'vitest';
import { decodeDatagram, encodeAccept, encodeClientFrame, encodeHostFrame, encodeJoin, encodeReject, RejectReason } from '../../../../core/lockstep';
import { encodeClaim } from '../../../../core/lockstep/wire';
import { encodePing, MAC_BYTES } from '../../../../core/net';
import { identityFrom, newIdentity } from './keys';
import { CHALLENGE_BYTES, COOKIE_EPOCH_MS, Sealer } from './Sealer';

const HOST = '10.0.0.1:47777';
const ME = '10.0.0.2:5000';
const THIEF = '10.0.0.66:6000';

/** A host and a client link on a shared manual clock, and the wire between them. */
function pair(clientIdentity = newIdentity()) {
  const clock = { now: 1_000_000 };
  const host = new Sealer(newIdentity(), () => clock.now);
  const client = new Sealer(clientIdentity, () => clock.now);
  /** Client → host: what the host's core reads, after any challenge round trip. */
  const up = (bytes: Uint8Array, from = ME, link = client): Uint8Array | null => {
    let out = link.seal(HOST, bytes);
    for (let i = 0; i < 3 && out; i++) {
      const o = host.open(from, out);
      if (o.deliver || !o.reply) return o.deliver;
      out = link.open(HOST, o.reply).reply;
    }
    return null;
  };
  const down = (bytes: Uint8Array, to = ME, link = client): Uint8Array | null => {
    const out = host.seal(to, bytes);
    return out ? link.open(HOST, out).deliver : null;
  };
  return { clock, host, client, up, down };
}

const join = (nonce: number, token?: number) => encodeJoin({ nonce, spectate: false, name: token === undefined ? 'Ana' : '', appVersion: '1.0.0', ...(token !== undefined ? { token } : {}) });
const cframe = () => encodeClientFrame({ token: 7, progress: { recvKey: 3, closedThrough: 4 } }).bytes;
const hframe = () => encodeHostFrame({ inputAck: 4 }).bytes;

describe('Sealer', () => {
  it('joins through a challenge, and core reads exactly the datagrams core wrote, both ways', () => {
    const { host, up, down } = pair();
    const j = join(42);
    expect(up(j)).toEqual(j);
    expect(host.counters.challenges).toBe(1);
    const accept = encodeAccept({ nonce: 42, slot: 1, token: 7, owner: false });
    expect(down(accept)).toEqual(accept);
    expect(up(cframe())).toEqual(cframe());
    expect(down(hframe())).toEqual(hframe());
    expect(host.counters).toMatchObject({ badMac: 0, badJoin: 0 });
  });

  it('reads host frames that overtake the ACCEPT on a reordering link', () => {
    const { host, client, up } = pair();
    up(join(3));
    const accept = host.seal(ME, encodeAccept({ nonce: 3, slot: 2, token: 8, owner: false }))!;
    const first = host.seal(ME, hframe())!;
    expect(client.open(HOST, first).deliver).toEqual(hframe());
    expect(client.open(HOST, accept).deliver).toEqual(encodeAccept({ nonce: 3, slot: 2, token: 8, owner: false }));
    expect(client.seal(HOST, cframe())!.length).toBe(cframe().length + MAC_BYTES);
    expect(client.counters.badMac).toBe(0);
  });

  it('ends every datagram of a session with an 8-byte tag, and the JOIN carries the key block', () => {
    const { host, client, up, down } = pair();
    up(join(1));
    down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    expect(client.seal(HOST, cframe())!.length).toBe(cframe().length + MAC_BYTES);
    expect(host.seal(ME, hframe())!.length).toBe(hframe().length + MAC_BYTES);
    expect(new Sealer(newIdentity(), () => 0).seal(HOST, join(2))!.length).toBe(join(2).length + CHALLENGE_BYTES - 4);
  });

  it('drops a forged, altered, unsealed or reflected datagram before core reads it, and counts it', () => {
    const { host, client, up, down } = pair();
    up(join(1));
    down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    const sealed = client.seal(HOST, cframe())!;
    const altered = sealed.slice();
    altered[6] = (altered[6] ?? 0) ^ 1;
    expect(host.open(ME, altered).deliver).toBeNull();
    expect(host.counters.badMac).toBe(1);
    // A spoofer forging the player's address without the key: unsealed, or sealed with its own.
    expect(host.open(ME, cframe()).deliver).toBeNull();
    const spoof = pair();
    spoof.up(join(1));
    spoof.down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    expect(host.open(ME, spoof.client.seal(HOST, cframe())!).deliver).toBeNull();
    // The host's own datagram sent back to it.
    expect(host.open(ME, host.seal(ME, hframe())!).deliver).toBeNull();
    expect(host.counters.badMac).toBe(4);
    // The client side: forged host frames and a forged goodbye from the host's address.
    expect(client.open(HOST, hframe()).deliver).toBeNull();
    expect(client.counters.badMac).toBe(1);
    expect(up(cframe())).toEqual(cframe());
  });

  it('challenges a cookie from another address or an old epoch, and never amplifies', () => {
    const { clock, host, client } = pair();
    const first = client.seal(HOST, join(1))!;
    const challenge = host.open(ME, first).reply!;
    expect(challenge.length).toBeLessThan(first.length);
    const sealed = client.open(HOST, challenge).reply!;
    expect(host.open(THIEF, sealed).reply).not.toBeNull(); // the cookie binds ME's address
    expect(host.open(THIEF, sealed).deliver).toBeNull();
    clock.now += 2 * COOKIE_EPOCH_MS;
    expect(host.open(ME, sealed).deliver).toBeNull();
    clock.now -= COOKIE_EPOCH_MS; // the previous epoch's cookie still holds
    expect(host.open(ME, sealed).deliver).toEqual(join(1));
    expect(host.open(ME, first.subarray(0, CHALLENGE_BYTES)).reply).toBeNull();
  });

  it('refuses a key that is not an X25519 point, on either side, and a challenge nobody asked for', () => {
    const { host, client } = pair();
    const j = client.seal(HOST, join(1))!;
    j.fill(0, 4, 36); // the all-zero public key: a low-order point
    const challenge = host.open(ME, j).reply!;
    j.set(challenge.subarray(36), 36); // its cookie, as a joiner holding no private key would send it
    expect(host.open(ME, j)).toEqual({ deliver: null, reply: null });
    expect(host.counters.badJoin).toBe(1);
    const zeroHost = challenge.slice();
    zeroHost.fill(0, 4, 36);
    expect(client.open(HOST, zeroHost).reply).toBeNull();
    expect(client.counters.badJoin).toBe(1);
    expect(new Sealer(newIdentity(), () => 0).open(HOST, challenge)).toEqual({ deliver: null, reply: null });
  });

  it('lets a rejoin take a slot back only with the key its token was given to', () => {
    const identity = newIdentity();
    const { host, up, down } = pair(identity);
    up(join(1));
    down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    // The same app restarted on a new port, with its stored key: proven.
    const again = pair(identityFrom(identity.seed));
    const rejoin = join(2, 9);
    const from = '10.0.0.2:5001';
    let out = again.client.seal(HOST, rejoin)!;
    out = again.client.open(HOST, host.open(from, out).reply!).reply!;
    expect(host.open(from, out).deliver).toEqual(rejoin);
    expect(host.rejoinProof(9, from, 2)).toBe('proven');
    // A sniffer with the token and its own key: the JOIN passes the link, the rejoin does not.
    const thief = pair();
    let t = thief.client.seal(HOST, join(3, 9))!;
    t = thief.client.open(HOST, host.open(THIEF, t).reply!).reply!;
    expect(host.open(THIEF, t).deliver).toEqual(join(3, 9));
    expect(host.rejoinProof(9, THIEF, 3)).toBe('unproven');
    expect(host.counters.unproven).toBe(1);
    // A token this sealer never accepted nor claimed (a match taken over from another host, a
    // player away then, or a guess): it holds no key here.
    expect(host.rejoinProof(1234, THIEF, 3)).toBe('unkeyed');
    // A successor's CLAIM to a peer the first host vouched for binds its token to that key, for
    // good: the binding does not depend on the peer's session living on.
    host.vouch('10.0.0.7:7000', identity.publicKey);
    host.seal('10.0.0.7:7000', encodeClaim(1234, 0));
    expect(host.rejoinProof(1234, THIEF, 3)).toBe('unproven');
    expect(host.rejoinProof(1234, from, 2)).toBe('proven');
    // A claim sent raw (to an address nobody vouched for) binds nothing.
    host.seal('10.0.0.8:7000', encodeClaim(4321, 0));
    expect(host.rejoinProof(4321, THIEF, 3)).toBe('unkeyed');
  });

  it('passes probes and datagrams of other versions as they are, and seals the REJECT of a JOIN it saw', () => {
    const { host, client, up } = pair();
    const ping = encodePing(1, 2);
    expect(host.open(ME, ping).deliver).toBe(ping);
    expect(host.seal(ME, ping)).toBe(ping);
    const old = join(1).slice();
    old[2] = 8;
    expect(host.open(ME, old).deliver).toBe(old);
    up(join(5));
    const reject = encodeReject({ nonce: 5, reason: RejectReason.Full, appVersion: '1.0.0' });
    const sealed = host.seal(ME, reject)!;
    expect(sealed.length).toBe(reject.length + MAC_BYTES);
    const read = client.open(HOST, sealed).deliver!;
    expect(decodeDatagram(read)).toMatchObject({ ok: true, msg: { type: 'reject', reason: RejectReason.Full } });
    // Before its ACCEPT a joining client sends nothing but JOINs, and reads nothing unsealed.
    expect(client.seal(HOST, cframe())).toBeNull();
    expect(client.open(HOST, hframe()).deliver).toBeNull();
    expect(client.counters.badMac).toBe(1);
  });

  it('keeps its sessions bounded by forgetting the stalest, never a player still talking', () => {
    const { clock, host, client, up, down } = pair();
    up(join(1));
    down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    const joinFrom = (from: string, nonce: number): void => {
      const challenge = host.open(from, client.seal(HOST, join(nonce))!).reply!;
      host.open(from, client.open(HOST, challenge).reply!);
      host.seal(from, encodeAccept({ nonce, slot: 1, token: nonce, owner: false }));
    };
    joinFrom('10.1.0.0:1', 2); // the stalest: never heard after its join
    clock.now += 1;
    for (let i = 1; i < 4095; i++) joinFrom(`10.1.${i >> 8}.${i & 255}:1`, 2 + i);
    clock.now += 1;
    expect(host.open(ME, cframe()).deliver).toBeNull(); // a spoofer's datagram does not freshen ME's session
    const mine = client.seal(HOST, cframe())!;
    expect(host.open(ME, mine).deliver).toEqual(cframe()); // ME talks: no longer stale
    joinFrom('10.2.0.0:1', 99_999); // one over the bound
    expect(host.seal('10.1.0.0:1', hframe())).toEqual(hframe()); // forgotten: no session left to seal with
    expect(host.open(ME, mine).deliver).toEqual(cframe());
  });

  it('seals what a successor and its peers say to each other with the keys their host vouched for', () => {
    const { host: h1, client: heir, up, down } = pair();
    up(join(1));
    down(encodeAccept({ nonce: 1, slot: 0, token: 9, owner: false }));
    const peer = new Sealer(newIdentity(), () => 0);
    const HEIR = '10.0.0.3:6000';
    // The first host knows its peers' keys and tells each the other's (its `keys` message).
    expect(h1.keyOf(ME)).toEqual(heir.identity.publicKey);
    heir.vouch(ME, peer.identity.publicKey);
    peer.vouch(HEIR, heir.identity.publicKey);
    peer.vouch('10.0.0.9:1', peer.identity.publicKey); // its own key: nothing to seal with
    expect(peer.keyOf('10.0.0.9:1')).toBeNull();
    const report = peer.seal(HEIR, cframe())!;
    expect(report.length).toBe(cframe().length + MAC_BYTES);
    expect(heir.open(ME, report).deliver).toEqual(cframe());
    expect(peer.open(HEIR, heir.seal(ME, hframe())!).deliver).toEqual(hframe());
    // A spoofer with the sniffed token but not the key: unsealed, self-sealed or reflected, dropped.
    expect(heir.open(ME, cframe()).deliver).toBeNull();
    const spoofer = new Sealer(newIdentity(), () => 0);
    spoofer.vouch(HEIR, heir.identity.publicKey);
    expect(heir.open(ME, spoofer.seal(HEIR, cframe())!).deliver).toBeNull();
    expect(heir.open(ME, heir.seal(ME, hframe())!).deliver).toBeNull();
    expect(peer.open(HEIR, hframe()).deliver).toBeNull(); // a forged claim or frame from the heir's address
    expect(heir.counters.badMac + peer.counters.badMac).toBe(4);
    // The first host's JOIN session with the heir still comes first.
    heir.vouch(HOST, peer.identity.publicKey);
    expect(h1.open(ME, heir.seal(HOST, cframe())!).deliver).toEqual(cframe());
  });

  it('talks in the clear with an address it shares no session with (discovery, another version)', () => {
    const { host } = pair();
    expect(host.seal(THIEF, hframe())).toEqual(hframe());
    expect(host.open(THIEF, cframe()).deliver).toEqual(cframe());
  });
});
