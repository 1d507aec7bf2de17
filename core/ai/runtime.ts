/**
 * The behavior-tree interpreter: ticks a CompiledTree for one bot whose memory is a block of an
 * Int32Array (layout.ts). Composites, decorators and Wait are handled here; game leaves (kinds ≥
 * LEAF_BASE) go to the context's leaf handler. A tick allocates nothing.
 * Semantics in short (docs/BOTS.md has the full table): Sequence/Selector re-evaluate from the
 * first child every decision; Mem* resume at the running child; a node that was not running at
 * the previous decision (not ticked, or finished) is entered fresh. Time is counted in logic
 * frames (`frame`); WeightedRandom draws from the world RNG (`rng`) — it advances the world's RNG
 * state, so it must run in the same order on every peer (bots decide in ascending slot order).
 */
import { rngInt } from '../math';
import { ARG_SLOTS, LEAF_BASE, NodeKind, Status } from './catalog';
import type { CompiledTree } from './compileTree';
import { Bb, RUNNING_OFFSET, STATE_OFFSET } from './layout';

/** Ticks a game leaf: reads the context (node, kind, fresh) and returns its status. */
export type LeafHandler = (c: TickContext) => Status;

/** Everything one tick needs; reused from bot to bot (set the fields, then call runTree). */
export class TickContext {
  tree!: CompiledTree;
  /** Bot memory and the start of this bot's block. */
  mem!: Int32Array;
  base = 0;
  /** World RNG state (WeightedRandom, Wander). */
  rng!: Int32Array;
  /** Logic frame the decision is taken for. */
  frame = 0;
  /** This decision's number (set by runTree). */
  tick = 0;
  /** The leaf being ticked: node index, kind, whether it was entered fresh. */
  node = 0;
  kind = 0;
  fresh = false;
  leaf: LeafHandler;
  /** Running bits of the decision in progress (nodes 0..31, 32..63); memory gets them at its end. */
  running0 = 0;
  running1 = 0;

  constructor(leaf: LeafHandler) {
    this.leaf = leaf;
  }
}

/** Runs one decision of the bot whose block starts at c.base; returns the root's status. */
export function runTree(c: TickContext): Status {
  const mem = c.mem;
  const b = c.base;
  const tick = (mem[b + Bb.Tick]! + 1) | 0;
  mem[b + Bb.Tick] = tick;
  c.tick = tick;
  c.running0 = 0;
  c.running1 = 0;
  const st = tickNode(c, 0);
  // The running set of this decision replaces the previous one only now: every node above read
  // the previous decision's bits.
  mem[b + RUNNING_OFFSET] = c.running0;
  mem[b + RUNNING_OFFSET + 1] = c.running1;
  mem[b + Bb.LastStatus] = st;
  return st;
}

/** Ticks node `n`: fresh unless it was running at the previous decision; notes if it runs now. */
function tickNode(c: TickContext, n: number): Status {
  const bit = 1 << (n & 31);
  const fresh = (c.mem[c.base + RUNNING_OFFSET + (n >> 5)]! & bit) === 0;
  // s: this node's state word (only stateful kinds have one; see CompiledTree.stateSlot).
  const st = dispatch(c, n, fresh, c.base + STATE_OFFSET + c.tree.stateSlot[n]!);
  if (st === Status.Running) {
    if (n < 32) c.running0 |= bit;
    else c.running1 |= bit;
  }
  return st;
}

function dispatch(c: TickContext, n: number, fresh: boolean, s: number): Status {
  const t = c.tree;
  const kind = t.kind[n]!;
  if (kind >= LEAF_BASE) {
    c.node = n;
    c.kind = kind;
    c.fresh = fresh;
    return c.leaf(c);
  }
  switch (kind) {
    case NodeKind.Sequence:
      return sequence(c, n, 0, s, false);
    case NodeKind.MemSequence:
      return sequence(c, n, fresh ? 0 : resumeAt(c, n, s), s, true);
    case NodeKind.Selector:
      return selector(c, n, 0, s, false);
    case NodeKind.MemSelector:
      return selector(c, n, fresh ? 0 : resumeAt(c, n, s), s, true);
    case NodeKind.Parallel:
      return parallel(c, n, fresh, s);
    case NodeKind.WeightedRandom:
      return weighted(c, n, fresh, s);
    case NodeKind.Wait:
      // DETERMINISM: the end frame is state; it is fixed when the node is entered.
      if (fresh) c.mem[s] = c.frame + t.args[n * ARG_SLOTS]!;
      return c.frame >= c.mem[s]! ? Status.Success : Status.Running;
    default:
      return decorator(c, n, kind, fresh, s);
  }
}

/** The remembered running child of a Mem composite (0 when the word is out of range: untrusted state). */
function resumeAt(c: TickContext, n: number, s: number): number {
  const i = c.mem[s]!;
  return i >= 0 && i < c.tree.childCount[n]! ? i : 0;
}

function sequence(c: TickContext, n: number, from: number, s: number, mem: boolean): Status {
  const t = c.tree;
  const first = t.childStart[n]!;
  const count = t.childCount[n]!;
  for (let i = from; i < count; i++) {
    const st = tickNode(c, t.children[first + i]!);
    if (st === Status.Success) continue;
    if (mem) c.mem[s] = i;
    return st;
  }
  return Status.Success;
}

function selector(c: TickContext, n: number, from: number, s: number, mem: boolean): Status {
  const t = c.tree;
  const first = t.childStart[n]!;
  const count = t.childCount[n]!;
  for (let i = from; i < count; i++) {
    const st = tickNode(c, t.children[first + i]!);
    if (st === Status.Failure) continue;
    if (mem) c.mem[s] = i;
    return st;
  }
  return Status.Failure;
}

/** State word: bits 0..14 = child done, bits 16..30 = child succeeded. */
function parallel(c: TickContext, n: number, fresh: boolean, s: number): Status {
  const t = c.tree;
  const first = t.childStart[n]!;
  const count = t.childCount[n]!;
  let bits = fresh ? 0 : c.mem[s]!;
  let done = 0;
  let ok = 0;
  for (let i = 0; i < count; i++) {
    if ((bits & (1 << i)) === 0) {
      const st = tickNode(c, t.children[first + i]!);
      if (st !== Status.Running) bits |= (1 << i) | (st === Status.Success ? 1 << (16 + i) : 0);
    }
    if ((bits & (1 << i)) !== 0) {
      done++;
      if ((bits & (1 << (16 + i))) !== 0) ok++;
    }
  }
  c.mem[s] = bits;
  const failed = done - ok;
  const a = n * ARG_SLOTS;
  if (t.args[a] === 0 ? ok === count : ok > 0) return Status.Success;
  if (t.args[a + 1] === 0 ? failed > 0 : failed === count) return Status.Failure;
  return done === count ? Status.Failure : Status.Running;
}

/** State word: chosen child index + 1. */
function weighted(c: TickContext, n: number, fresh: boolean, s: number): Status {
  const t = c.tree;
  const chosen = c.mem[s]!;
  if (fresh || !(chosen >= 1 && chosen <= t.childCount[n]!)) {
    const a = n * ARG_SLOTS;
    const at = t.args[a]!;
    const count = t.args[a + 1]!;
    let total = 0;
    for (let i = 0; i < count; i++) total += t.table[at + i]!;
    // DETERMINISM: one draw from the world RNG, in slot order; weights are validated non-negative with a positive sum.
    let r = rngInt(c.rng, total);
    let pick = 0;
    while (r >= t.table[at + pick]!) r -= t.table[at + pick++]!;
    c.mem[s] = pick + 1;
  }
  return tickNode(c, t.children[t.childStart[n]! + c.mem[s]! - 1]!);
}

function decorator(c: TickContext, n: number, kind: number, fresh: boolean, s: number): Status {
  const t = c.tree;
  const arg = t.args[n * ARG_SLOTS]!;
  const hasChild = t.childCount[n]! > 0;
  if (kind === NodeKind.Cooldown) {
    // Cooldown keeps its ready frame across entries (that is its point): only a finish sets it.
    if (fresh && c.frame < c.mem[s]!) return Status.Failure;
    const st = tickNode(c, t.children[t.childStart[n]!]!);
    if (st !== Status.Running) c.mem[s] = c.frame + arg;
    return st;
  }
  if (!hasChild) return kind === NodeKind.Succeeder ? Status.Success : Status.Failure;
  const counts = kind === NodeKind.Repeat || kind === NodeKind.RepeatUntilFailure || kind === NodeKind.RepeatUntilSuccess;
  if (fresh && counts) c.mem[s] = 0;
  const st = tickNode(c, t.children[t.childStart[n]!]!);
  if (st === Status.Running) return Status.Running;
  switch (kind) {
    case NodeKind.Inverter:
      return st === Status.Success ? Status.Failure : Status.Success;
    case NodeKind.Succeeder:
      return Status.Success;
    case NodeKind.Failer:
      return Status.Failure;
    case NodeKind.Repeat:
      if (st === Status.Failure) return Status.Failure;
      return loopCount(c, s, arg) ? Status.Success : Status.Running;
    case NodeKind.RepeatUntilFailure:
      if (st === Status.Failure) return Status.Success;
      return loopCount(c, s, arg) ? Status.Failure : Status.Running;
    case NodeKind.RepeatUntilSuccess:
      if (st === Status.Success) return Status.Success;
      return loopCount(c, s, arg) ? Status.Failure : Status.Running;
    default:
      return Status.Failure;
  }
}

/** Counts one more run in the state word; true when `limit` (> 0) runs are reached. */
function loopCount(c: TickContext, s: number, limit: number): boolean {
  const runs = c.mem[s]! + 1;
  c.mem[s] = runs;
  return limit > 0 && runs >= limit;
}
