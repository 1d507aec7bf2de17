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
 * A player's own cells never eat each other: they merge (ownCells.ts). Nor do teammates' (teams.ts).
 * An eater with no other player's cell in the map squares its circle's box touches
 * (Scratch.areaMasks) is passed over without a broadphase query: it has nothing to eat.
 */
import { cellCount, killPlayer, ownerOf, playerMass, refreshCellGrid, removeCell, setMass } from './cellOps';
import { EventKind } from './events';
import { MAX_CELLS, canEatMass } from './rules';
import { allies } from './teams';
import { AREA_SHIFT, areaCols, type World } from './World';

/** Resolves every cell-eats-cell contact of this frame. */
export function eatCells(w: World): void {
  const C = w.cells;
  const P = w.players;
  const grid = w.scratch.cells;
  refreshCellGrid(w);
  markOwners(w);
  const out = w.scratch.query;
  const mode = w.settings.mode;
  for (let a = 0; a < MAX_CELLS; a++) {
    if (C.mass[a] === 0) continue;
    const me = ownerOf(a);
    const x = C.x[a]!;
    const y = C.y[a]!;
    const r = C.radius[a]!;
    // Only its own cells near it (the common case in a crowd of split players): nothing to eat.
    if (!othersNear(w, me, x - r, y - r, x + r, y + r)) continue;
    const r2 = r * r;
    // DETERMINISM: NineGrid returns candidates in ascending id whatever the insertion history.
    const n = grid.queryRect(x - r, y - r, x + r, y + r, out);
    let gained = 0;
    for (let k = 0; k < n; k++) {
      const v = out[k]!;
      const them = ownerOf(v);
      if (them === me || C.mass[v] === 0 || P.shield[them] !== 0 || allies(mode, me, them)) continue;
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

/**
 * Scratch.areaMasks: for each square of the map, the players with a live cell centred in it. No
 * cell moves within this system and eating only removes cells, so the marks stay a superset.
 */
function markOwners(w: World): void {
  const owners = w.scratch.areaMasks;
  owners.fill(0);
  const { x, y, mass } = w.cells;
  const cols = areaCols(w.info.widthFx);
  for (let c = 0; c < MAX_CELLS; c++) {
    if (mass[c] === 0) continue;
    const p = ownerOf(c);
    const at = 2 * ((y[c]! >> AREA_SHIFT) * cols + (x[c]! >> AREA_SHIFT)) + (p >> 5);
    owners[at]! |= 1 << (p & 31);
  }
}

/** Whether a player other than `me` has a live cell centred in a square the box touches (box clamped to the map). */
function othersNear(w: World, me: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
  const owners = w.scratch.areaMasks;
  const cols = areaCols(w.info.widthFx);
  const rows = owners.length / (2 * cols);
  const c0 = minX < 0 ? 0 : minX >> AREA_SHIFT;
  const r0 = minY < 0 ? 0 : minY >> AREA_SHIFT;
  const c1 = Math.min(cols - 1, maxX >> AREA_SHIFT);
  const r1 = Math.min(rows - 1, maxY >> AREA_SHIFT);
  // Every player but `me`: its bit cleared from the word that holds it.
  const keepLo = me < 32 ? ~(1 << me) : -1;
  const keepHi = me < 32 ? -1 : ~(1 << (me - 32));
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const at = 2 * (r * cols + c);
      if (((owners[at]! & keepLo) | (owners[at + 1]! & keepHi)) !== 0) return true;
    }
  }
  return false;
}
