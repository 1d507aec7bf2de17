/**
 * System 8: balls eating balls. Ball A eats ball B when B's mass ≤ A's mass / 1.25 (canEatMass)
 * and B's centre lies strictly inside A's circle. Resolution is sequential and deterministic:
 * eaters in ascending id, each taking its candidates (NineGrid broadphase, ascending id) in turn;
 * an eaten ball leaves play at once, so a ball eaten this frame eats nothing after that, and
 * masses compare as updated so far this frame. An eater's radius grows after its own turn.
 * The victim's whole mass goes to the eater (capped at maxMass); the eater's kills count up.
 * A spawn-protected ball (shield.ts) is never eaten; eating a ball ends the eater's protection at
 * once (a later eater this frame may then eat it).
 */
import { killBall, setMass } from './ballOps';
import { EventKind } from './events';
import { MAX_BALLS, canEatMass } from './rules';
import type { World } from './World';

/** Resolves every ball-eats-ball contact of this frame. */
export function eatBalls(w: World): void {
  const B = w.balls;
  const grid = w.scratch.balls;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] !== 0) grid.insert(b, B.x[b]!, B.y[b]!);
    else grid.remove(b);
  }
  const out = w.scratch.query;
  for (let a = 0; a < MAX_BALLS; a++) {
    if (B.alive[a] === 0) continue;
    const x = B.x[a]!;
    const y = B.y[a]!;
    const r = B.radius[a]!;
    const r2 = r * r;
    // DETERMINISM: NineGrid returns candidates in ascending id whatever the insertion history.
    const n = grid.queryRect(x - r, y - r, x + r, y + r, out);
    let gained = 0;
    for (let k = 0; k < n; k++) {
      const v = out[k]!;
      if (v === a || B.alive[v] === 0 || B.shield[v] !== 0) continue;
      const dx = B.x[v]! - x;
      const dy = B.y[v]! - y;
      if (dx * dx + dy * dy >= r2 || !canEatMass(B.mass[a]! + gained, B.mass[v]!)) continue;
      const m = B.mass[v]!;
      gained += m;
      B.kills[a]!++;
      B.shield[a] = 0;
      killBall(w, v);
      grid.remove(v);
      w.events.push(EventKind.BallEaten, a, v, m);
    }
    if (gained > 0) setMass(w, a, B.mass[a]! + gained);
  }
}
