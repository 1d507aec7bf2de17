/**
 * The bridge port on its own and under the real LockstepRunner (a toy game, virtual time):
 * updates are played in key order exactly once, a missing key blocks and tells main once,
 * and pace comes from the latest status.
 */
import { describe, expect, it } from 'vitest';
import type { NetUp, NetStart, NetStatus } from '../../electron/contract';
import { ToyGame } from '../../core/lockstep/testing';
import { NetPort } from './netPort';
import { DEFAULT_SETTINGS, LockstepRunner, type KeyUpdate } from './simApi';

const TICK = 1000 / 60;

function setup(seconds = 2): { port: NetPort; sent: NetUp[] } {
  const settings = { ...DEFAULT_SETTINGS, matchSeconds: seconds };
  const start: NetStart = { start: { seed: 7, delayMs: 100, settings, slots: [], trees: 0 }, slot: 0, player: true, lastKey: seconds * 10 - 1, trees: [] };
  const sent: NetUp[] = [];
  return { port: new NetPort(start, (m) => sent.push(m)), sent };
}

const upd = (key: number, extra: Partial<KeyUpdate> = {}): KeyUpdate => ({ key, inputs: [], events: [], ...extra });
const status = (pace: number): NetStatus => ({ status: null, hostSilentMs: 0, pace, rttMs: 1, delayMs: 100, bytesInPerSec: 0, bytesOutPerSec: 0, frames: null });

describe('NetPort', () => {
  it('buffers updates contiguously and drops duplicates and gaps', () => {
    const { port } = setup();
    port.push([upd(0), upd(1)]);
    port.push([upd(1), upd(3)]);
    expect(port.recvKey).toBe(1);
    expect(port.dropped).toBe(2);
    port.push([upd(2), upd(3)]);
    expect(port.recvKey).toBe(3);
  });

  it('a resumed port holds keys from its first key on (a resume)', () => {
    const settings = { ...DEFAULT_SETTINGS, matchSeconds: 2 };
    const start: NetStart = { start: { seed: 7, delayMs: 100, settings, slots: [], trees: 0 }, slot: 0, player: true, lastKey: 19, trees: [] };
    const port = new NetPort(start, () => undefined, 5);
    expect(port.recvKey).toBe(4);
    port.push([upd(4), upd(5), upd(6)]);
    expect(port.recvKey).toBe(6);
    expect(port.dropped).toBe(1);
    expect(port.updates[3]).toBeUndefined();
  });

  it('begins keys in order under the runner, sending each key hash once', () => {
    const { port, sent } = setup();
    const runner = new LockstepRunner(port, new ToyGame());
    port.push(Array.from({ length: 5 }, (_, k) => upd(k)));
    for (let now = 0; now < 2000; now += TICK) runner.tick(now);
    const begins = sent.filter((m) => m.t === 'begin').map((m) => (m.t === 'begin' ? m.key : -1));
    expect(begins).toEqual([0, 1, 2, 3, 4]);
    expect(runner.frame).toBe(5 * DEFAULT_SETTINGS.keyInterval);
    const last = sent.filter((m) => m.t === 'begin').at(-1);
    expect(last).toEqual({ t: 'begin', key: 4, hash: runner.keyHashes[4] });
  });

  it('tells main how late each key began by the loop clock, so its closures keep the loop phase', () => {
    const { port, sent } = setup();
    port.push(Array.from({ length: 5 }, (_, k) => upd(k)));
    port.beginKey(112, 0, 1, 100);
    port.beginKey(200, 1, 2, 200);
    expect(sent.filter((m) => m.t === 'begin')).toEqual([
      { t: 'begin', key: 0, hash: 1, lateMs: 12 },
      { t: 'begin', key: 1, hash: 2 },
    ]);
  });

  it('blocks on a missing key, tells main once per episode, and unblocks on arrival', () => {
    const { port, sent } = setup();
    const runner = new LockstepRunner(port, new ToyGame());
    port.push([upd(0)]);
    let now = 0;
    for (; now < 1000; now += TICK) runner.tick(now);
    expect(port.blockedSince).not.toBeNull();
    expect(port.blockedMs(now)).toBeGreaterThan(500);
    expect(sent.filter((m) => m.t === 'blocked')).toHaveLength(1);
    expect(port.stalls).toBe(1);
    port.push([upd(1)]);
    runner.tick(now);
    runner.tick(now + TICK);
    expect(port.blockedSince).toBeNull();
    expect(port.lastBegun?.key).toBe(1);
    for (now += 2 * TICK; now < 2000; now += TICK) runner.tick(now);
    expect(sent.filter((m) => m.t === 'blocked')).toHaveLength(2);
    expect(port.stalls).toBe(2);
  });

  it('applies an update delay from the key it begins, and reads pace from the latest status', () => {
    const { port } = setup();
    expect(port.pace()).toBe(1);
    port.setStatus(status(0.97));
    expect(port.pace()).toBeCloseTo(0.97);
    port.setStatus(status(Number.NaN));
    expect(port.pace()).toBe(1);
    port.setStatus(status(9));
    expect(port.pace()).toBe(1.5);
    port.push([upd(0), upd(1, { delayMs: 40 })]);
    port.beginKey(0, 0, 1);
    expect(port.delay).toBe(100);
    port.beginKey(0, 1, 2);
    expect(port.delay).toBe(40);
  });

  it('sums the room wait per waited player: each hold longest report, a hold that ended included', () => {
    const { port } = setup();
    const held = (key: number, heldMs: number, slots: number[]): NetStatus => ({ ...status(1), status: { state: 1, key, heldMs, votesNeeded: 1, voteInMs: 0, forceInMs: 0, waiting: slots.map((slot) => ({ slot, cause: 1, votes: 0 })), pausedBy: 0 } });
    port.setStatus(held(5, 300, [2]));
    port.setStatus(held(5, 900, [2]));
    expect(port.waitedBySlot()).toEqual([{ slot: 2, ms: 900 }]);
    port.setStatus(held(6, 400, [2, 3]));
    port.setStatus(status(1)); // running again
    port.setStatus(status(1));
    expect(port.waitedBySlot()).toEqual([{ slot: 2, ms: 1300 }, { slot: 3, ms: 400 }]);
  });

  it('refuses to begin a key that has not arrived (a loop bug, never silently played)', () => {
    const { port } = setup();
    expect(() => port.beginKey(0, 0, 0)).toThrow(/no update/);
  });
});
