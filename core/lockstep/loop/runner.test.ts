/**
 * The game loop on its own (virtual time): only the first frame of a key waits for its update,
 * a blocked loop does not burst afterwards, and catch-up drains a 2 s backlog in under 1 s.
 */
import { describe, expect, it } from 'vitest';
import { FramePacer } from './FramePacer';
import type { LockstepPort } from './LockstepRunner';
import { LockstepRunner } from './LockstepRunner';
import { ToyGame } from '../testing/ToyGame';
import { DEFAULT_SETTINGS, LOGIC_HZ } from '../types';
import type { KeyUpdate, MatchStart } from '../types';

const TICK = 1000 / 60;
const KEY_MS = 100;

class FakePort implements LockstepPort {
  readonly updates: KeyUpdate[] = [];
  readonly begun: { key: number; now: number; dueAt: number }[] = [];
  blockedAt: number[] = [];
  readonly match: NonNullable<LockstepPort['match']>;
  constructor(seconds: number, delayMs = 100) {
    const start: MatchStart = { seed: 1, delayMs, settings: { ...DEFAULT_SETTINGS, matchSeconds: seconds }, slots: [], trees: 0 };
    const self = this;
    this.delay = delayMs;
    this.match = { start, lastKey: seconds * 10 - 1, get delay() { return self.delay; }, get recvKey() { return self.updates.length - 1; } };
  }
  /** The input delay in force: an update's `delayMs` from the key it begins (as ClientMatch). */
  delay: number;
  deliver(throughKey: number): void {
    while (this.updates.length <= throughKey) this.updates.push({ key: this.updates.length, inputs: [], events: [] });
  }
  beginKey(now: number, key: number, _hash: number, dueAt = now): KeyUpdate {
    this.begun.push({ key, now, dueAt });
    const u = this.updates[key];
    if (!u) throw new Error(`no update ${key}`);
    if (u.delayMs !== undefined) this.delay = u.delayMs;
    return u;
  }
  finish(): void {}
  noteBlocked(now: number): void {
    this.blockedAt.push(now);
  }
}

describe('LockstepRunner', () => {
  it('waits only on the first frame of a key; the two frames after it run without an update', () => {
    const port = new FakePort(10);
    const game = new ToyGame();
    const runner = new LockstepRunner(port, game);
    port.deliver(4); // keys 0-4: frames 0-14
    let now = 0;
    for (let i = 0; i < 120; i++) runner.tick((now += TICK));
    expect(runner.frame).toBe(15); // frames 12, 13, 14 (key 4) ran; frame 15 needs key 5
    expect(port.blockedAt.length).toBeGreaterThan(0);
    expect(port.begun.map((b) => b.key)).toEqual([0, 1, 2, 3, 4]);
    port.deliver(5);
    const before = runner.frame;
    runner.tick((now += TICK));
    runner.tick((now += TICK));
    // No burst after the stall: at most one frame banked, then real time again.
    expect(runner.frame - before).toBeLessThanOrEqual(2);
  });

  it('says when each key was due by its clock: render ticks run keys up to a tick late, unevenly', () => {
    const port = new FakePort(10);
    const runner = new LockstepRunner(port, new ToyGame());
    // Uneven render ticks (~60 Hz, as a loaded machine's timers or frames come): a key starts up
    // to a tick after its time, by a different amount each key.
    const ticks = [13, 20, 15, 19, 17, 11, 22];
    let now = 5;
    for (let i = 0; i < 70; i++) {
      port.deliver(Math.floor(now / KEY_MS) + 1); // live: never a backlog to catch up on
      runner.tick((now += ticks[i % ticks.length]!));
    }
    const begun = port.begun.slice(1); // the clock starts at the first tick
    expect(begun.length).toBeGreaterThanOrEqual(8);
    const late = begun.map((b) => b.now - b.dueAt);
    expect(Math.max(...late)).toBeGreaterThan(5); // the ticks do run late
    for (const [i, b] of begun.entries()) {
      expect(b.dueAt).toBeLessThanOrEqual(b.now);
      // Due times keep the key period to rounding (bank units), whatever the tick.
      if (i > 0) expect(Math.abs(b.dueAt - begun[i - 1]!.dueAt - KEY_MS)).toBeLessThan(0.1);
    }
  });

  it('catches up a 2 s backlog in under 1 s while updates keep coming', () => {
    const port = new FakePort(60);
    const runner = new LockstepRunner(port, new ToyGame());
    let now = 0;
    port.deliver(20 + 1); // 2 s of keys ahead, as after a hiccup
    let liveAt = -1;
    for (let i = 0; i < 240 && liveAt < 0; i++) {
      now += TICK;
      port.deliver(21 + Math.floor(now / 100)); // the host keeps releasing in real time
      runner.tick(now);
      const backlogFrames = (port.match.recvKey + 1) * 3 - runner.frame;
      if (i > 5 && backlogFrames <= (1 + 1) * 3) liveAt = now;
    }
    expect(liveAt).toBeGreaterThan(0);
    expect(liveAt).toBeLessThanOrEqual(1000);
    expect(runner.stats.catchUpTicks).toBeGreaterThan(0);
  });

  it('keeps its room’s pace on a page that draws twice a second: never more than a key behind', () => {
    const port = new FakePort(60);
    const runner = new LockstepRunner(port, new ToyGame());
    let worst = 0;
    for (let now = 500; now <= 20_000; now += 500) {
      port.deliver(Math.floor(now / 100)); // the host releases a key every 100 ms
      runner.tick(now);
      if (now > 2000) worst = Math.max(worst, (port.match.recvKey + 1) * 3 - runner.frame);
    }
    // Under the old cap (8 frames a tick) it ran 16 frames a second and was 291 frames behind here.
    expect(worst).toBeLessThanOrEqual((1 + 1) * 3 + 3);
  });

  it('does not rush when the input delay falls: the updates closed under the old one came early, not late', () => {
    const port = new FakePort(10, 400);
    const runner = new LockstepRunner(port, new ToyGame());
    // Updates arrive 400 ms ahead of the loop; key 20 lowers the delay to 100 ms, so the next
    // ones arrive later, until they are 100 ms ahead.
    const arrival = (key: number): number => (key <= 24 ? key * KEY_MS - 400 : key * KEY_MS - 100);
    for (let now = 0; now < 4000; now += TICK) {
      while (port.updates.length < 100 && arrival(port.updates.length) <= now) {
        const key = port.updates.length;
        port.updates.push({ key, inputs: [], events: [], ...(key === 20 ? { delayMs: 100 } : {}) });
      }
      runner.tick(now);
    }
    expect(port.delay).toBe(100);
    expect(runner.stats.catchUpTicks).toBe(0);
    // Real time throughout: a key every 100 ms, within a render tick.
    const begins = port.begun.map((b) => b.now);
    for (let k = 1; k < begins.length; k++) expect(Math.abs(begins[k]! - begins[k - 1]! - KEY_MS)).toBeLessThan(TICK);
  });
});

describe('FramePacer', () => {
  it('runs real time when live, within one frame per 30 Hz period', () => {
    const p = new FramePacer();
    let frames = 0;
    for (let i = 1; i <= 600; i++) frames += p.framesToRun(i * TICK, 1000, 1000, 3);
    expect(Math.abs(frames - (599 * TICK * LOGIC_HZ) / 1000)).toBeLessThanOrEqual(1);
  });
});
