/**
 * World hashes for lockstep desync detection: one 32-bit hash of the whole state, per-component
 * sub-hashes, and a field-level diff naming the first component, column and entity where two
 * worlds disagree (for desync reports). Hashes read the int32 columns by value (core/math hash),
 * so they are equal on every engine and platform.
 */
import { HASH_SEED, hashColumn, hashFinish, hashMix } from '../math';
import { CELL_SHIFT } from './cellOps';
import { COMPONENTS, type Component, type EntityKind } from './components';
import type { State, World } from './World';

/** Hash of one component's columns, as a uint32. */
export function componentHash(s: State, c: Component): number {
  let h = HASH_SEED;
  let words = 0;
  const cols = c.columns(s);
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i]!;
    // DETERMINISM: words by value, never the buffer's bytes: independent of byte order.
    h = hashColumn(h, col);
    words += col.length;
  }
  return hashFinish(h, words);
}

/**
 * Hash of the whole simulation state (every component in use, in order), as a uint32. An optional
 * component that is not present (components.ts) is left out: a world without bots hashes as it
 * did before bots existed.
 */
export function hashWorld(s: State): number {
  let h = HASH_SEED;
  let mixed = 0;
  for (let i = 0; i < COMPONENTS.length; i++) {
    const c = COMPONENTS[i]!;
    if (c.present !== undefined && !c.present(s)) continue;
    h = hashMix(h, componentHash(s, c));
    mixed++;
  }
  return hashFinish(h, mixed);
}

/** One sub-hash per component, in component order. */
export function subHashes(s: State): { readonly name: string; readonly hash: number }[] {
  return COMPONENTS.map((c) => ({ name: c.name, hash: componentHash(s, c) }));
}

/** Where two worlds first disagree. */
export interface Difference {
  /** Component name, or 'settings' / 'map' when the worlds are not even the same match. */
  readonly component: string;
  readonly column: string;
  /** What the entity is ('scalar' for settings and the map too). */
  readonly kind: EntityKind;
  /** Owning entity (player slot, cell id, pellet id, …, scalar index), or -1. */
  readonly entity: number;
  /** Word index within the column, and the two values there. */
  readonly index: number;
  readonly a: number;
  readonly b: number;
}

/** Where a difference is, in words for a desync report: "cell 37 (player 2, its cell 5)", "player 4", "blob 12". */
export function differenceWhere(d: Difference): string {
  if (d.kind === 'scalar') return `${d.component}.${d.column}`;
  const at = d.kind === 'cell' ? `cell ${d.entity} (player ${d.entity >> CELL_SHIFT}, its cell ${d.entity & ((1 << CELL_SHIFT) - 1)})` : `${d.kind} ${d.entity}`;
  return `${at}: ${d.component}.${d.column}`;
}

/**
 * The first difference between `a` and `b` in component order (then column, then word), or null
 * when their states are identical.
 */
export function firstDifference(a: World, b: World): Difference | null {
  const sa = a.settings;
  const sb = b.settings;
  if (sa.mapId !== sb.mapId || a.info.fingerprint !== b.info.fingerprint) {
    return { component: 'map', column: 'fingerprint', kind: 'scalar', entity: -1, index: 0, a: a.info.fingerprint, b: b.info.fingerprint };
  }
  const fields = ['seed', 'players', 'lengthFrames', 'pelletTarget'] as const;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (sa[f] !== sb[f]) return { component: 'settings', column: f, kind: 'scalar', entity: -1, index: 0, a: sa[f], b: sb[f] };
  }
  return firstStateDifference(a, b);
}

/** The first difference between two states' columns, or null. */
export function firstStateDifference(a: State, b: State): Difference | null {
  for (const c of COMPONENTS) {
    const ca = c.columns(a);
    const cb = c.columns(b);
    for (let k = 0; k < ca.length; k++) {
      const x = ca[k]!;
      const y = cb[k]!;
      for (let i = 0; i < x.length; i++) {
        if (x[i] !== y[i]) {
          return { component: c.name, column: c.columnNames[k] ?? String(k), kind: c.entity, entity: c.entityOf(k, i), index: i, a: x[i]!, b: y[i] ?? 0 };
        }
      }
    }
  }
  return null;
}
