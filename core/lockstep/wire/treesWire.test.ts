/**
 * The bot trees' wire (protocol v5) under hostile input: the blob and its chunks round-trip, the
 * chunk decoder refuses fields that disagree (count, index, length, size) and never throws on
 * random bytes, the sender keeps one chunk in flight, and the receiver takes chunks in order only.
 */
import { describe, expect, it } from 'vitest';
import { defaultTreeSet, MAX_TREE_SOURCE_BYTES } from '../../ai';
import { Prng } from '../../math/Prng';
import { ReliableChannel, TreeReceiver, TreeSender } from '../link';
import { decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl } from './control';
import { MAX_CTL_BYTES } from './frames';
import { decodeTreeBlob, encodeTreeBlob, MAX_TREE_BLOB_BYTES, TREE_CHUNK_BYTES, treeChunks } from './treesWire';
import type { TreeChunk } from './treesWire';

const sources = defaultTreeSet().sources;

describe('tree blob and chunks', () => {
  it('round-trip; "the same as yours" travels as an empty entry', () => {
    const blob = encodeTreeBlob(sources, [true, false, true]);
    expect(blob).not.toBeNull();
    expect(decodeTreeBlob(blob!)).toEqual([sources[0], null, sources[2]]);
    expect(encodeTreeBlob(sources, [false, false, false])).toBeNull();
    expect(encodeTreeBlob([sources[0]!, sources[1]!, 'x'.repeat(MAX_TREE_SOURCE_BYTES + 1)], [false, false, true])).toBeNull();
    const chunks = treeChunks(0xabcdef12, blob!);
    expect(chunks.length).toBe(Math.ceil(blob!.length / TREE_CHUNK_BYTES));
    const rx = new TreeReceiver();
    const results = chunks.map((c) => rx.accept(decodeHostControl(encodeHostControl({ t: 'trees', ...c })) as TreeChunk & { t: 'trees' }));
    expect(results.at(-1)).toBe('complete');
    expect(rx.result).toEqual(blob);
    for (const c of chunks) expect(encodeHostControl({ t: 'trees', ...c }).length).toBeLessThanOrEqual(MAX_CTL_BYTES);
    expect(decodeTreeBlob(blob!.subarray(0, blob!.length - 1))).toBeNull();
    expect(decodeTreeBlob(Uint8Array.of(0, 0, 0, 0, 0, 0, 9))).toBeNull(); // trailing bytes
  });

  it('the chunk decoder refuses inconsistent fields and never throws on random input', () => {
    const blob = encodeTreeBlob(sources, [true, true, true])!;
    const good = treeChunks(7, blob).map((c) => encodeHostControl({ t: 'trees', ...c }));
    const bad = (m: Uint8Array, at: number, v: number): Uint8Array => {
      const b = m.slice();
      b[at] = v;
      return b;
    };
    const first = good[0]!;
    expect(decodeHostControl(bad(first, 7, 99))).toBeNull(); // count
    expect(decodeHostControl(bad(first, 8, 200))).toBeNull(); // index past the count
    expect(decodeHostControl(first.subarray(0, first.length - 1))).toBeNull(); // short
    const huge = encodeHostControl({ t: 'trees', fingerprint: 1, total: MAX_TREE_BLOB_BYTES + 1, count: Math.ceil((MAX_TREE_BLOB_BYTES + 1) / TREE_CHUNK_BYTES), index: 0, bytes: new Uint8Array(TREE_CHUNK_BYTES) });
    expect(decodeHostControl(huge)).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x4a, 0))).toBeNull(); // a report of no trees
    expect(decodeClientControl(Uint8Array.of(0x4a, 9, ...new Array<number>(36).fill(1)))).toBeNull(); // too many
    const rng = new Prng(12);
    const report = encodeClientControl({ t: 'trees', prints: [1, 2, 3] });
    for (let i = 0; i < 20_000; i++) {
      const base = i % 5 === 0 ? report : (good[i % good.length] ?? first);
      const b = i % 3 === 0 ? Uint8Array.from({ length: rng.int(1100) }, () => rng.int(256)) : base.slice(0, rng.int(base.length + 1));
      if (i % 3 === 0 && b.length > 0) b[0] = i % 2 ? 0x11 : 0x4a;
      if (i % 3 === 2 && b.length > 1) b[1 + rng.int(b.length - 1)] = rng.int(256);
      expect(() => [decodeHostControl(b), decodeClientControl(b), decodeTreeBlob(b)]).not.toThrow();
    }
  });
});

describe('tree transfer', () => {
  it('the sender keeps one chunk in flight; a restart waits for the previous chunk too', () => {
    const ctl = new ReliableChannel();
    const msgs = [Uint8Array.of(1), Uint8Array.of(2), Uint8Array.of(3)];
    const tx = new TreeSender(msgs);
    expect(tx.pump(ctl)).toBe(1);
    expect(tx.pump(ctl)).toBe(0);
    ctl.onAck(1);
    expect(tx.pump(ctl)).toBe(1);
    const again = new TreeSender(msgs, tx.lastSeq);
    expect(again.pump(ctl)).toBe(0);
    ctl.onAck(2);
    expect([again.pump(ctl), tx.done, again.done]).toEqual([1, false, false]);
  });

  it('the receiver takes chunks in order only: a stray chunk is ignored, a gap breaks the transfer', () => {
    const chunks = treeChunks(5, encodeTreeBlob(sources, [true, true, true])!);
    const rx = new TreeReceiver();
    expect(rx.accept(chunks[1]!)).toBe('stray');
    expect(rx.accept(chunks[0]!)).toBe('new');
    expect(rx.accept(chunks[2]!)).toBe('broken');
    expect(rx.active).toBe(false);
    expect(rx.accept({ ...chunks[0]!, fingerprint: 6 })).toBe('new');
    expect(rx.accept(chunks[1]!)).toBe('broken'); // another transfer's chunk
    const results = chunks.map((c) => rx.accept(c));
    expect(results.at(-1)).toBe('complete');
    expect(results.slice(0, -1).every((r) => r === 'new')).toBe(true);
  });
});
