/**
 * System 1 (first): respawn. A dead ball of a playing slot counts its respawn timer down and
 * re-enters play when it reaches zero, at the spawn chosen by chooseSpawn (ballOps.ts), with start
 * mass and spawn protection (shield.ts) — so a ball eaten during frame F is back in play during frame F + respawnFrames. Running
 * first lets a respawned ball plan its path and move in the frame it appears.
 */
import { spawnBall } from './ballOps';
import { EventKind } from './events';
import type { World } from './World';

/** Counts down and respawns eaten balls, ascending id. */
export function respawn(w: World): void {
  const B = w.balls;
  const players = w.settings.players;
  for (let b = 0; b < players; b++) {
    if (B.alive[b] !== 0) continue;
    if (--B.respawn[b]! > 0) continue;
    const cell = spawnBall(w, b);
    w.events.push(EventKind.Respawned, b, cell, B.x[b]!, B.y[b]!);
  }
}
