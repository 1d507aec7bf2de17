/**
 * System 1 (first): respawn. A dead player of a playing slot counts its respawn timer down and
 * re-enters play when it reaches zero with one cell at the spawn chosen by chooseSpawn
 * (cellOps.ts), with start mass and spawn protection (shield.ts) — so a player eaten during frame F
 * is back in play during frame F + respawnFrames (in last ball standing nobody is: closingArea.ts
 * stayOut). Running first lets a respawned player plan its
 * path and move in the frame it appears.
 */
import { firstCell, spawnPlayer } from './cellOps';
import { stayOut } from './closingArea';
import { EventKind } from './events';
import type { World } from './World';

/** Counts down and respawns eaten players, ascending slot. */
export function respawn(w: World): void {
  if (w.settings.mode.lastStanding) return stayOut(w);
  const P = w.players;
  const players = w.settings.players;
  for (let p = 0; p < players; p++) {
    if (P.alive[p] !== 0) continue;
    if (--P.respawn[p]! > 0) continue;
    const cell = spawnPlayer(w, p);
    const c = firstCell(p);
    w.events.push(EventKind.Respawned, p, cell, w.cells.x[c]!, w.cells.y[c]!);
  }
}
