/**
 * Semantics of every control node, on small trees whose leaves are scripted: a leaf is a
 * `MassAbove` node whose `mass` argument is its key; the harness's handler returns the status the
 * test scripted for that key and logs every leaf tick (key, fresh).
 */
import { describe, expect, it } from 'vitest';
import { createRng, rngNextU32 } from '../math';
import { ARG_SLOTS, Status } from './catalog';
import { loadTree } from './compileTree';
import { AGENT_WORDS, Bb, RUNNING_OFFSET, STATE_OFFSET } from './layout';
import { TickContext, runTree } from './runtime';

const S = Status.Success;
const F = Status.Failure;
const R = Status.Running;

type Json = Record<string, unknown>;
let ids = 0;
const L = (key: number): Json => ({ id: ++ids, name: 'MassAbove', args: { mass: key } });
const N = (name: string, children: Json[], args?: Json): Json => ({ id: ++ids, name, children, ...(args ? { args } : {}) });

function harness(root: Json, seed = 7) {
  const tree = loadTree('test.json', { name: 'test', root });
  const script = new Map<number, Status | (() => Status)>();
  const log: string[] = [];
  const c = new TickContext((ctx) => {
    const key = ctx.tree.args[ctx.node * ARG_SLOTS]!;
    log.push(`${key}${ctx.fresh ? '*' : ''}`);
    const s = script.get(key) ?? S;
    return typeof s === 'function' ? s() : s;
  });
  c.tree = tree;
  c.mem = new Int32Array(AGENT_WORDS);
  c.base = 0;
  c.rng = createRng(seed);
  let frame = 0;
  return {
    c,
    script,
    log,
    /** Runs one decision at `at` (default: 3 frames after the previous) and returns the root status. */
    tick(at?: number): Status {
      frame = at ?? frame;
      c.frame = frame;
      const st = runTree(c);
      frame += 3;
      return st;
    },
    /** Leaf log of the next decision. */
    ticks(at?: number): string {
      log.length = 0;
      this.tick(at);
      return log.join(' ');
    },
  };
}

/** A leaf that answers each tick from a list (the last entry repeats). */
function seq(...statuses: Status[]): () => Status {
  let i = 0;
  return () => statuses[Math.min(i++, statuses.length - 1)]!;
}

describe('Sequence and MemSequence', () => {
  it('succeeds when all succeed, stops at the first failure', () => {
    const h = harness(N('Sequence', [L(1), L(2), L(3)]));
    expect(h.tick()).toBe(S);
    h.script.set(2, F);
    expect(h.ticks()).toBe('1* 2*');
    expect(h.tick()).toBe(F);
  });

  it('Sequence re-evaluates from its first child while a later child runs', () => {
    const h = harness(N('Sequence', [L(1), L(2), L(3)]));
    h.script.set(2, R);
    expect(h.ticks()).toBe('1* 2*');
    expect(h.ticks()).toBe('1* 2');
    h.script.set(2, S);
    expect(h.ticks()).toBe('1* 2 3*');
  });

  it('MemSequence resumes at the running child without re-checking earlier ones', () => {
    const h = harness(N('MemSequence', [L(1), L(2), L(3)]));
    h.script.set(2, seq(R, R, S));
    expect(h.ticks()).toBe('1* 2*');
    expect(h.ticks()).toBe('2');
    expect(h.ticks()).toBe('2 3*');
    expect(h.ticks()).toBe('1* 2* 3*');
  });
});

describe('Selector and MemSelector', () => {
  it('succeeds at the first success, fails when all fail', () => {
    const h = harness(N('Selector', [L(1), L(2)]));
    h.script.set(1, F);
    expect(h.ticks()).toBe('1* 2*');
    expect(h.tick()).toBe(S);
    h.script.set(2, F);
    expect(h.tick()).toBe(F);
  });

  it('a higher-priority child interrupts a running one, which restarts fresh later', () => {
    const h = harness(N('Priority', [L(1), L(2)]));
    h.script.set(1, F);
    h.script.set(2, R);
    expect(h.ticks()).toBe('1* 2*');
    expect(h.ticks()).toBe('1* 2');
    h.script.set(1, S);
    expect(h.ticks()).toBe('1*');
    h.script.set(1, F);
    expect(h.ticks()).toBe('1* 2*');
  });

  it('MemSelector (MemPriority) resumes at the running child', () => {
    const h = harness(N('MemPriority', [L(1), L(2)]));
    h.script.set(1, F);
    h.script.set(2, R);
    expect(h.ticks()).toBe('1* 2*');
    h.script.set(1, S);
    expect(h.ticks()).toBe('2');
  });
});

describe('decorators', () => {
  it('Inverter (and its aliases) swaps success and failure, passes running', () => {
    for (const name of ['Inverter', 'Not', 'Invert']) {
      const h = harness(N(name, [L(1)]));
      expect(h.tick()).toBe(F);
      h.script.set(1, F);
      expect(h.tick()).toBe(S);
      h.script.set(1, R);
      expect(h.tick()).toBe(R);
    }
  });

  it('Succeeder / Failer as decorators and as leaves', () => {
    const h = harness(N('Sequence', [N('AlwaysSuccess', [L(1)]), N('Failer', [L(2)])]));
    h.script.set(1, F);
    h.script.set(2, S);
    expect(h.ticks()).toBe('1* 2*');
    expect(h.tick()).toBe(F);
    h.script.set(1, R);
    expect(h.tick()).toBe(R);
    expect(harness(N('Succeeder', [])).tick()).toBe(S);
    expect(harness(N('AlwaysFail', [])).tick()).toBe(F);
  });

  it('Repeat runs its child count times, one run per decision, and fails on a failure', () => {
    const h = harness(N('Repeat', [L(1)], { count: 3 }));
    expect([h.tick(), h.tick(), h.tick()]).toEqual([R, R, S]);
    expect([h.tick(), h.tick(), h.tick()]).toEqual([R, R, S]);
    h.script.set(1, seq(S, F));
    expect([h.tick(), h.tick()]).toEqual([R, F]);
    const forever = harness(N('Repeater', [L(1)], { maxLoop: -1 }));
    for (let i = 0; i < 20; i++) expect(forever.tick()).toBe(R);
  });

  it('RepeatUntilFailure and RepeatUntilSuccess stop on their status or after maxLoop', () => {
    const uf = harness(N('RepeatUntilFailure', [L(1)]));
    uf.script.set(1, seq(S, S, F));
    expect([uf.tick(), uf.tick(), uf.tick()]).toEqual([R, R, S]);
    const ufMax = harness(N('RepeatUntilFailure', [L(1)], { maxLoop: 2 }));
    expect([ufMax.tick(), ufMax.tick()]).toEqual([R, F]);
    const us = harness(N('RepeatUntilSuccess', [L(1)], { maxLoop: 3 }));
    us.script.set(1, seq(F, S));
    expect([us.tick(), us.tick()]).toEqual([R, S]);
    us.script.set(1, F);
    expect([us.tick(), us.tick(), us.tick()]).toEqual([R, R, F]);
  });

  it('Cooldown fails without ticking its child for `frames` frames after the child finished', () => {
    const h = harness(N('Cooldown', [L(1)], { frames: 10 }));
    expect(h.ticks(0)).toBe('1*');
    expect(h.tick(3)).toBe(F);
    expect(h.ticks(9)).toBe('');
    expect(h.ticks(10)).toBe('1*');
    h.script.set(1, seq(R, F));
    expect(h.ticks(20)).toBe('1*');
    expect(h.tick(25)).toBe(F);
    expect(h.ticks(34)).toBe('');
    expect(h.ticks(35)).toBe('1*');
  });

  it('Cooldown takes classic milliseconds, rounded up to frames', () => {
    const h = harness(N('Cooldown', [L(1)], { milliseconds: 1000 }));
    h.tick(0);
    expect(h.tick(29)).toBe(F);
    expect(h.tick(30)).toBe(S);
  });
});

describe('Wait', () => {
  it('counts logic frames from the decision it starts in', () => {
    const h = harness(N('Sequence', [L(1), { id: ++ids, name: 'Wait', args: { frames: 10 } }, L(2)]));
    expect(h.ticks(100)).toBe('1*');
    expect(h.ticks(103)).toBe('1*');
    expect(h.ticks(109)).toBe('1*');
    expect(h.ticks(110)).toBe('1* 2*');
    expect(h.c.mem[Bb.LastStatus]).toBe(S);
    expect(h.tick(111)).toBe(R);
  });

  it('restarts when its branch was interrupted', () => {
    const h = harness(N('Sequence', [L(1), { id: ++ids, name: 'Wait', args: { frames: 9 } }]));
    expect(h.tick(0)).toBe(R);
    h.script.set(1, F);
    expect(h.tick(6)).toBe(F);
    h.script.set(1, S);
    expect(h.tick(9)).toBe(R);
    expect(h.tick(17)).toBe(R);
    expect(h.tick(18)).toBe(S);
  });

  it('0 frames succeeds at once', () => {
    expect(harness({ id: ++ids, name: 'Wait', args: { frames: 0 } }).tick()).toBe(S);
  });
});

describe('Parallel', () => {
  it('all/one: succeeds when all succeed, fails at the first failure, never re-ticks finished children', () => {
    const h = harness(N('Parallel', [L(1), L(2), L(3)]));
    h.script.set(2, seq(R, R, S));
    expect(h.ticks()).toBe('1* 2* 3*');
    expect(h.ticks()).toBe('2');
    expect(h.c.mem[Bb.LastStatus]).toBe(R);
    expect(h.tick()).toBe(S);
    h.script.set(3, F);
    h.script.set(2, R);
    expect(h.tick()).toBe(F);
  });

  it('success policy "one" and failure policy "all"', () => {
    const one = harness(N('Parallel', [L(1), L(2)], { success: 'one' }));
    one.script.set(1, R);
    one.script.set(2, seq(R, S));
    expect([one.tick(), one.tick()]).toEqual([R, S]);
    const all = harness(N('Parallel', [L(1), L(2)], { success: 'all', failure: 'all' }));
    all.script.set(1, F);
    all.script.set(2, seq(R, F));
    expect([all.tick(), all.tick()]).toEqual([R, F]);
    const mixed = harness(N('Parallel', [L(1), L(2)], { success: 'all', failure: 'all' }));
    mixed.script.set(1, F);
    expect(mixed.tick()).toBe(F);
  });
});

describe('WeightedRandom', () => {
  const tree = (weights: unknown): Json => N('WeightedRandom', [L(1), L(2), L(3)], { weights });

  it('draws one child per entry from the RNG: same seed, same choices; weight 0 never picked', () => {
    const pick = (seed: number): string => {
      const h = harness(tree([5, 0, 1]), seed);
      let s = '';
      for (let i = 0; i < 60; i++) s += h.ticks().replace('*', '');
      return s;
    };
    const a = pick(42);
    expect(pick(42)).toBe(a);
    expect(pick(43)).not.toBe(a);
    expect(a).not.toContain('2');
    const ones = a.split('').filter((ch) => ch === '1').length;
    expect(ones).toBeGreaterThan(40);
    expect(ones).toBeLessThan(60);
  });

  it('advances the RNG by exactly one draw per entry and keeps its choice while the child runs', () => {
    const h = harness(tree('1, 1, 1'), 9);
    const ref = createRng(9);
    h.script.set(1, R);
    h.script.set(2, R);
    h.script.set(3, R);
    const first = h.ticks();
    rngNextU32(ref);
    expect(Array.from(h.c.rng)).toEqual(Array.from(ref));
    expect(h.ticks()).toBe(first.replace('*', ''));
    expect(Array.from(h.c.rng)).toEqual(Array.from(ref));
  });
});

describe('memory', () => {
  it('counts decisions and treats an all-zero block as a fresh bot', () => {
    const h = harness(N('Sequence', [L(1), L(2)]));
    h.script.set(2, R);
    h.tick();
    h.tick();
    expect(h.c.mem[Bb.Tick]).toBe(2);
    h.c.mem.fill(0);
    expect(h.ticks()).toBe('1* 2*');
  });

  it('writes only its header, running bits and the state words of its stateful nodes', () => {
    const h = harness(N('Sequence', [N('Inverter', [L(1)]), N('Succeeder', [L(2)]), N('Inverter', [N('Failer', [L(3)])]), N('Repeat', [L(4)], { count: 2 })]));
    h.script.set(1, F);
    for (let i = 0; i < 5; i++) h.tick();
    const used = new Set<number>([Bb.Tick, Bb.LastStatus, RUNNING_OFFSET, STATE_OFFSET]);
    expect(h.c.tree.stateSlot[8]).toBe(0);
    expect(h.c.mem[STATE_OFFSET]).toBe(1);
    expect(h.c.mem[RUNNING_OFFSET]).toBe((1 << 0) | (1 << 8)); // the Sequence and the Repeat run
    h.c.mem.forEach((v, i) => {
      if (!used.has(i)) expect(v, `word ${i}`).toBe(0);
    });
  });

  it('tracks running nodes beyond the first 32 in the second mask word', () => {
    const leaves = Array.from({ length: 40 }, (_, i) => L(100 + i));
    const h = harness(N('MemSequence', leaves));
    h.script.set(139, R);
    h.tick();
    const last = h.c.tree.size - 1;
    expect(h.c.mem[RUNNING_OFFSET + 1]).toBe(1 << (last - 32));
    expect(h.ticks()).toBe('139');
  });

  it('runs a bot in its own block without touching its neighbours', () => {
    const h = harness(N('Sequence', [L(1), L(2)]));
    const mem = new Int32Array(3 * AGENT_WORDS);
    h.c.mem = mem;
    h.c.base = AGENT_WORDS;
    h.tick();
    expect(mem.subarray(0, AGENT_WORDS).every((v) => v === 0)).toBe(true);
    expect(mem.subarray(2 * AGENT_WORDS).every((v) => v === 0)).toBe(true);
    expect(mem[AGENT_WORDS + Bb.Tick]).toBe(1);
  });
});
