/**
 * A 32-bit fingerprint of what the simulation reads from a map, so peers can check before a
 * match that they loaded the same map (same id is not enough: a file may have been edited).
 * Covers: size, terrain, blocked, bush, spawns and viruses (in order). Excludes the art (ground, wall and
 * bush tile choices, tileset, tile pixel size, name): two maps that differ only in looks play
 * identically and hash the same. FNV-1a over bytes; integers only.
 */
import type { GameMap } from './GameMap';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Fingerprint of the simulation-relevant content of `map`, an unsigned 32-bit integer. */
export function mapSimHash(map: GameMap): number {
  let h = FNV_OFFSET;
  const byte = (b: number): void => {
    // DETERMINISM: Math.imul keeps the product in 32 bits on every engine.
    h = Math.imul(h ^ (b & 0xff), FNV_PRIME);
  };
  const u16 = (v: number): void => {
    byte(v);
    byte(v >>> 8);
  };
  u16(map.cols);
  u16(map.rows);
  for (const arr of [map.terrain, map.blocked, map.bush]) for (let i = 0; i < arr.length; i++) byte(arr[i] ?? 0);
  u16(map.spawns.length);
  for (const p of map.spawns) {
    u16(p.col);
    u16(p.row);
  }
  u16(map.viruses.length);
  for (const p of map.viruses) {
    u16(p.col);
    u16(p.row);
  }
  return h >>> 0;
}
