/**
 * Spawn protection: a player entering play (match start or respawn) is shielded for
 * RULES.spawnShieldFrames frames — none of its cells can be eaten (eatCells.ts) — so a newcomer
 * gets a moment to look around. Protection is for the harmless: the player loses it at once when
 * one of its cells eats another player's cell, or when it splits or ejects (pellets and blobs do
 * not count: a fresh player could not help eating them).
 * Counted down by the timers system (after the eating), so a player spawned during frame F is
 * protected in the eating of frames F … F + spawnShieldFrames − 1.
 */
import { ownerOf } from './cellOps';
import type { World } from './World';

/** Whether player `p` is spawn-protected (its cells cannot be eaten this frame). */
export function isShielded(w: World, p: number): boolean {
  return w.players.shield[p]! > 0;
}

/** Whether cell `c` is spawn-protected (its player is). */
export function isCellShielded(w: World, c: number): boolean {
  return w.players.shield[ownerOf(c)]! > 0;
}
