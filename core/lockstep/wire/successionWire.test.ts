import { describe, expect, it } from 'vitest';
import { HEADER_BYTES } from '../../net';
import { decodeHostControl, encodeHostControl } from './control';
import { decodeSucceed, encodeClaim, encodeFence, encodeFollow, encodeLost, encodeReplaced, findMember, findRejoiner, LOST_UPDATES, MAX_ADDR_BYTES, MAX_SUCCESSORS, MAX_VOTERS, successionTag, TO_HOST, voterTag } from './successionWire';
import { MAX_CTL_BYTES } from './frames';
import { MAX_SLOTS } from '../types';
import type { KeyUpdate } from '../types';

const update = (key: number): KeyUpdate => ({ key, inputs: [{ slot: 1, input: { move: 1, angle: key % 4096, targetX: 0, targetY: 0, split: false, eject: false } }], events: [] });

describe('succession on the wire', () => {
  it('the order and the voters round-trip in the control stream, cut to MAX_SUCCESSORS and MAX_VOTERS; the longest fits a control message', () => {
    const order = Array.from({ length: MAX_SUCCESSORS + 3 }, (_, i) => ({ slot: i + 1, addr: `192.168.1.${i + 10}:4${i}000`, tag: successionTag(1000 + i, 77) }));
    const voters = Array.from({ length: MAX_VOTERS + 3 }, (_, i) => ({ slot: i % 50, tag: voterTag(i, 77, `10.0.0.${i}:5000`) }));
    const back = decodeHostControl(encodeHostControl({ t: 'succession', host: 0, hostTag: 0xabcdef01, order, voters }));
    expect(back).toEqual({ t: 'succession', host: 0, hostTag: 0xabcdef01, order: order.slice(0, MAX_SUCCESSORS), voters: voters.slice(0, MAX_VOTERS) });
    const longest = order.map((e) => ({ ...e, addr: `[${'f'.repeat(MAX_ADDR_BYTES - 8)}]:65535` }));
    expect(longest[0]?.addr.length).toBe(MAX_ADDR_BYTES);
    expect(encodeHostControl({ t: 'succession', host: 0, hostTag: 0xabcdef01, order: longest, voters }).length).toBeLessThanOrEqual(MAX_CTL_BYTES);
  });

  it('a report stands for an order entry only from its address, for a voter only from the address its tag was bound to', () => {
    const s = { host: 0, hostTag: 0, order: [{ slot: 1, addr: 'a:1', tag: successionTag(11, 5) }], voters: [{ slot: 2, tag: voterTag(22, 5, 'b:2') }] };
    expect(findMember(s, 11, 5, 'a:1')).toEqual(s.order[0]);
    expect(findMember(s, 22, 5, 'b:2')).toEqual(s.voters[0]);
    expect(findMember(s, 11, 5, 'x:9')).toBeUndefined();
    expect(findMember(s, 22, 5, 'x:9')).toBeUndefined();
    expect(findMember(s, 23, 5, 'b:2')).toBeUndefined();
  });

  it('the rejoiners round-trip, cut to MAX_SLOTS, and fit a control message; a report stands for one by its token alone', () => {
    const rejoiners = Array.from({ length: MAX_SLOTS + 2 }, (_, i) => ({ slot: i % MAX_SLOTS, tag: successionTag(500 + i, 77) }));
    const bytes = encodeHostControl({ t: 'rejoiners', rejoiners });
    expect(bytes.length).toBeLessThanOrEqual(MAX_CTL_BYTES);
    expect(decodeHostControl(bytes)).toEqual({ t: 'rejoiners', rejoiners: rejoiners.slice(0, MAX_SLOTS) });
    expect(findRejoiner(rejoiners, 503, 77)).toEqual({ slot: 3, tag: successionTag(503, 77) });
    expect(findRejoiner(rejoiners, 503, 78)).toBeUndefined();
    const bad = encodeHostControl({ t: 'rejoiners', rejoiners: [{ slot: 1, tag: 5 }] });
    bad[bad.length - 5] = MAX_SLOTS; // the slot byte: not a player's
    expect(decodeHostControl(bad)).toBeNull();
    for (let n = 1; n < bytes.length; n++) expect(decodeHostControl(bytes.subarray(0, n))).toBeNull();
  });

  it('refuses an empty address and an impossible slot', () => {
    const bytes = encodeHostControl({ t: 'succession', host: 0, hostTag: 0xabcdef01, order: [{ slot: 1, addr: '', tag: 5 }], voters: [] });
    expect(decodeHostControl(bytes)).toBeNull();
    const slot = encodeHostControl({ t: 'succession', host: 0, hostTag: 0xabcdef01, order: [{ slot: 1, addr: 'a:1', tag: 5 }], voters: [] });
    slot[7] = 60; // the entry's slot byte: neither a slot nor a spectator
    expect(decodeHostControl(slot)).toBeNull();
  });

  it('a lost report carries the newest updates that fit, ending at its recvKey; a claim its token and index', () => {
    const updates = Array.from({ length: 40 }, (_, k) => update(k + 100));
    const lost = decodeSucceed(encodeLost(0xdeadbeef, 2, 139, updates), 130);
    expect(lost).toEqual({ kind: 'lost', token: 0xdeadbeef, to: 2, recvKey: 139, updates: updates.slice(40 - LOST_UPDATES) });
    expect(decodeSucceed(encodeClaim(42, 1), 0)).toEqual({ kind: 'claim', token: 42, from: 1 });
  });

  it('a fence carries its nonce, a follow its token and the nonce, a replaced its token', () => {
    expect(decodeSucceed(encodeFence(0xfedcba98), 0)).toEqual({ kind: 'fence', nonce: 0xfedcba98 });
    expect(decodeSucceed(encodeFollow(7, 0xfedcba98), 0)).toEqual({ kind: 'follow', token: 7, nonce: 0xfedcba98 });
    expect(decodeSucceed(encodeReplaced(0xdeadbeef, 3), 0)).toEqual({ kind: 'replaced', token: 0xdeadbeef, index: 3 });
    expect(decodeSucceed(encodeReplaced(1, MAX_SUCCESSORS), 0)).toBeNull();
    expect(decodeSucceed(encodeLost(1, TO_HOST, 5, []), 5)).toEqual({ kind: 'lost', token: 1, to: TO_HOST, recvKey: 5, updates: [] });
    expect(decodeSucceed(encodeLost(1, MAX_SUCCESSORS, 5, []), 5)).toBeNull();
    for (const b of [encodeFence(1), encodeFollow(1, 2), encodeReplaced(3, 0)]) {
      expect(decodeSucceed(b.subarray(0, b.length - 1), 0)).toBeNull();
      expect(decodeSucceed(new Uint8Array([...b, 0]), 0)).toBeNull();
    }
  });

  it('never throws on garbage: cut short, an unknown kind, trailing bytes', () => {
    const bytes = encodeLost(1, 0, 10, [update(9), update(10)]);
    for (let n = HEADER_BYTES; n < bytes.length; n++) expect(decodeSucceed(bytes.subarray(0, n), 10)).toBeNull();
    const odd = encodeClaim(1, 0);
    odd[HEADER_BYTES] = 9;
    expect(decodeSucceed(odd, 0)).toBeNull();
    expect(decodeSucceed(new Uint8Array([...encodeClaim(1, 0), 0]), 0)).toBeNull();
  });

  it('the tag depends on the token and the match seed', () => {
    expect(successionTag(5, 1)).not.toBe(successionTag(6, 1));
    expect(successionTag(5, 1)).not.toBe(successionTag(5, 2));
    expect(successionTag(5, 1)).toBe(successionTag(5, 1));
  });
});
