import { describe, expect, it } from 'vitest';
import { HEADER_BYTES } from '../../net';
import { decodeHostControl, encodeHostControl } from './control';
import { decodeSucceed, encodeClaim, encodeLost, LOST_UPDATES, MAX_SUCCESSORS, successionTag } from './successionWire';
import type { KeyUpdate } from '../types';

const update = (key: number): KeyUpdate => ({ key, inputs: [{ slot: 1, input: { move: 1, angle: key % 4096, targetX: 0, targetY: 0, dash: false } }], events: [] });

describe('succession on the wire', () => {
  it('the order round-trips in the control stream; a longer one is cut to MAX_SUCCESSORS', () => {
    const order = Array.from({ length: MAX_SUCCESSORS + 3 }, (_, i) => ({ slot: i + 1, addr: `192.168.1.${i + 10}:4${i}000`, tag: successionTag(1000 + i, 77) }));
    const back = decodeHostControl(encodeHostControl({ t: 'succession', host: 0, order }));
    expect(back).toEqual({ t: 'succession', host: 0, order: order.slice(0, MAX_SUCCESSORS) });
  });

  it('refuses an empty address and an impossible slot', () => {
    const bytes = encodeHostControl({ t: 'succession', host: 0, order: [{ slot: 1, addr: '', tag: 5 }] });
    expect(decodeHostControl(bytes)).toBeNull();
    const slot = encodeHostControl({ t: 'succession', host: 0, order: [{ slot: 1, addr: 'a:1', tag: 5 }] });
    slot[3] = 60; // the entry's slot byte: neither a slot nor a spectator
    expect(decodeHostControl(slot)).toBeNull();
  });

  it('a lost report carries the newest updates that fit, ending at its recvKey; a claim its token and index', () => {
    const updates = Array.from({ length: 40 }, (_, k) => update(k + 100));
    const lost = decodeSucceed(encodeLost(0xdeadbeef, 2, 139, updates), 130);
    expect(lost).toEqual({ kind: 'lost', token: 0xdeadbeef, to: 2, recvKey: 139, updates: updates.slice(40 - LOST_UPDATES) });
    expect(decodeSucceed(encodeClaim(42, 1), 0)).toEqual({ kind: 'claim', token: 42, from: 1 });
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
