/**
 * System 10: cells eating other players' cells. Cell A eats cell B of another player when B's
 * mass ≤ A's mass / 1.25 (canEatMass) and B's centre lies strictly inside A's circle. Resolution is
 * sequential and deterministic: eaters in ascending id, each taking its candidates (cell
 * broadphase, ascending id) in turn; an eaten cell leaves play at once, so a cell eaten this frame
 * eats nothing after that, and masses compare as updated so far this frame. An eater's radius
 * grows after its own turn. The victim's whole mass goes to the eater (capped at maxMass).
 * A player whose last cell is eaten is out (killPlayer; a PlayerEaten event) and the eater's
 * player scores the kill. A spawn-protected player's cells (shield.ts) are never eaten; eating a
 * cell ends the eater's player's protection at once (a later eater this frame may then eat it).
 * A player's own cells never eat each other: they merge (ownCells.ts).
 */
import { cellCount, killPlayer, ownerOf, playerMass, refreshCellGrid, removeCell, setMass } from './cellOps';
import { EventKind } from './events';
import { MAX_CELLS, canEatMass } from './rules';
import type { World } from './World';

/** Resolves every cell-eats-cell contact of this frame. */
export function eatCells(w: World): void {
  const C = w.cells;
  const P = w.players;
  const grid = w.scratch.cells;
  refreshCellGrid(w);
  const out = w.scratch.query;
  for (let a = 0; a < MAX_CELLS; a++) {
    if (C.mass[a] === 0) continue;
    const me = ownerOf(a);
    const x = C.x[a]!;
    const y = C.y[a]!;
    const r = C.radius[a]!;
    const r2 = r * r;
    // DETERMINISM: NineGrid returns candidates in ascending id whatever the insertion history.
    const n = grid.queryRect(x - r, y - r, x + r, y + r, out);
    let gained = 0;
    for (let k = 0; k < n; k++) {
      const v = out[k]!;
      const them = ownerOf(v);
      if (them === me || C.mass[v] === 0 || P.shield[them] !== 0) continue;
      const dx = C.x[v]! - x;
      const dy = C.y[v]! - y;
      if (dx * dx + dy * dy >= r2 || !canEatMass(C.mass[a]! + gained, C.mass[v]!)) continue;
      const m = C.mass[v]!;
      gained += m;
      P.shield[me] = 0;
      removeCell(w, v);
      w.events.push(EventKind.CellEaten, a, v, m);
      if (cellCount(w, them) === 0) {
        killPlayer(w, them);
        P.kills[me]!++;
        w.events.push(EventKind.PlayerEaten, me, them, playerMass(w, me) + gained, a);
      }
    }
    if (gained > 0) setMass(w, a, C.mass[a]! + gained);
  }
}
