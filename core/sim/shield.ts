/**
 * Spawn protection: a ball entering play (match start or respawn) is shielded for
 * RULES.spawnShieldFrames frames — it cannot be eaten (eatBalls.ts) — so a newcomer gets a moment
 * to look around. Protection is for the harmless: the ball loses it at once when it eats a ball or
 * dashes (pellets do not count: a fresh ball could not help eating them).
 * System 9 (after ball eating): counts every shield down, so a ball spawned during frame F is
 * protected in the eating of frames F … F + spawnShieldFrames − 1.
 */
import { MAX_BALLS } from './rules';
import type { World } from './World';

/** Counts down the spawn protection of every live ball. */
export function countShields(w: World): void {
  const shield = w.balls.shield;
  for (let b = 0; b < MAX_BALLS; b++) if (shield[b]! > 0) shield[b]!--;
}

/** Whether ball `b` is spawn-protected (cannot be eaten this frame). */
export function isShielded(w: World, b: number): boolean {
  return w.balls.shield[b]! > 0;
}
