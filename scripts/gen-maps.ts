/**
 * Generates the shipped maps as Tiled JSON (openable and editable in the Tiled editor):
 *   resources/maps/arena-small.tmj       48 x 32, open arena: wall clumps, crossing roads, a pond, bushes, 8 viruses
 *   resources/maps/labyrinth-large.tmj   128 x 96, rooms joined by corridors (a maze with a few loops), 16 viruses
 *   resources/maps/four-camps.tmj        64 x 64, for teams: walled corner camps, a ring road over two rivers, 16 viruses
 *   resources/maps/round-island.tmj      57 x 57, for last ball standing: a round island, an open green in the middle, 16 viruses
 *   resources/maps/index.json            the manifest core/map's validateMapManifest checks
 * Maps are designed as terrain/wall/bush grids, painted with core/map's paintBuiltinTiles (the same
 * art rules as createGameMap), checked (every free cell reachable from every spawn; for every ball
 * size class, the cells where it fits form one region; the mirrored maps are symmetric) and finally re-read with parseTiledMap. Deterministic: a seeded PRNG, no clock. Run after gen-map-art.ts.
 * Helpers: scripts/mapgen/design.ts (the design grid and checks), mapgen/tiledOut.ts (the .tmj writer).
 * Usage: npx tsx scripts/gen-maps.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GridPoint, MapManifestEntry } from '../core/map';
import { Terrain, parseTiledMap, validateMapManifest } from '../core/map';
import { Design, cellOf, componentSizes, connectedForAllSizes, reachable, regionsPicture, sealPockets, spreadSpawns, spreadViruses, squareImages, standable, symmetrize, tryChange } from './mapgen/design';
import { prng } from './mapgen/prng';
import { toTmj } from './mapgen/tiledOut';

const OUT_DIR = fileURLToPath(new URL('../resources/maps/', import.meta.url));

// ---- the maps -------------------------------------------------------------------------------

/** 48 x 32: an open field for quick matches. Roads cross in the middle; a pond in the north-east. */
function arenaSmall(): Design {
  const d = new Design(48, 32);
  const rand = prng(48032);
  for (let k = 0; k < 7; k++) d.blob(3 + rand() * 42, 3 + rand() * 26, 1.4 + rand() * 1.6, 1.1 + rand() * 1.2, Terrain.Dirt);
  d.setTerrain(1, 15, 46, 16, Terrain.Road);
  d.setTerrain(23, 1, 24, 30, Terrain.Road);
  d.pond(36, 7.5, 5.2, 3.3, 1.6);
  d.pond(9.5, 25, 2.6, 1.8, 1.4);
  d.border();
  // Wall clumps, roughly point-symmetric about the centre so no side is favoured.
  for (const [c0, r0, c1, r1] of [
    [6, 5, 8, 5], [6, 6, 6, 8], [39, 26, 41, 26], [41, 23, 41, 25],
    [15, 9, 17, 10], [30, 21, 32, 22], [12, 20, 13, 21], [34, 10, 35, 11],
    [19, 3, 20, 5], [27, 26, 28, 28],
  ] as const) d.setWall(c0, r0, c1, r1);
  for (const [c0, r0, c1, r1] of [
    [19, 11, 21, 13], [26, 18, 28, 20], [3, 12, 5, 13], [42, 18, 44, 19],
    [13, 2, 15, 3], [32, 28, 34, 29], [28, 4, 29, 6], [18, 25, 19, 27], [8, 9, 9, 10], [38, 21, 39, 22],
  ] as const) d.setBush(c0, r0, c1, r1);
  sealPockets(d, 16 * 48 + 24);
  d.spawns = spreadSpawns(d, { col: 24, row: 16 }, 28);
  d.viruses = spreadViruses(d, { col: 24, row: 16 }, 8, 2);
  return d;
}

interface Room {
  readonly c0: number;
  readonly r0: number;
  readonly c1: number;
  readonly r1: number;
}
const centre = (m: Room): GridPoint => ({ col: (m.c0 + m.c1) >> 1, row: (m.r0 + m.r1) >> 1 });

/** 128 x 96: 8 x 6 rooms in 16-cell blocks, joined by a random spanning tree of corridors plus loops. */
function labyrinthLarge(): Design {
  const BX = 8, BY = 6, B = 16;
  const d = new Design(BX * B, BY * B);
  const rand = prng(12896);
  d.setWall(0, 0, d.cols - 1, d.rows - 1);
  d.setTerrain(0, 0, d.cols - 1, d.rows - 1, Terrain.Dirt);
  const rooms: Room[] = [];
  for (let by = 0; by < BY; by++) {
    for (let bx = 0; bx < BX; bx++) {
      const w = 8 + Math.floor(rand() * 5), h = 7 + Math.floor(rand() * 6);
      const c0 = bx * B + 2 + Math.floor(rand() * (B - 4 - w + 1)), r0 = by * B + 2 + Math.floor(rand() * (B - 4 - h + 1));
      rooms.push({ c0, r0, c1: c0 + w - 1, r1: r0 + h - 1 });
    }
  }
  rooms.forEach((m) => {
    const floor = [Terrain.Grass, Terrain.Grass, Terrain.Dirt, Terrain.Sand][Math.floor(rand() * 4)] as Terrain;
    d.setWall(m.c0, m.r0, m.c1, m.r1, 0);
    d.setTerrain(m.c0, m.r0, m.c1, m.r1, floor);
  });
  for (const [a, b] of mazeEdges(BX, BY, rand)) corridor(d, rooms[a]!, rooms[b]!, Math.abs(a - b) === 1);
  rooms.forEach((m, k) => furnishRoom(d, m, k, rand));
  sealPockets(d, cellOf(d, centre(rooms[0]!)));
  d.spawns = spreadSpawns(d, centre(rooms[0]!), 80);
  d.viruses = spreadViruses(d, centre(rooms[0]!), 16, 2);
  return d;
}

/**
 * Corner features, after the corridors: a small pond or four pillars, each kept only if balls
 * of every size can still get everywhere; then bushes in one or two corners.
 */
function furnishRoom(d: Design, m: Room, k: number, rand: () => number): void {
  const kind = k % 3;
  if (kind === 1) {
    const east = rand() < 0.5, south = rand() < 0.5;
    tryChange(d, () => d.pond(east ? m.c1 - 1 : m.c0 + 2, south ? m.r1 - 1 : m.r0 + 2, 1.3, 1.2, 0.9)); // 2 x 2 water
  } else if (kind === 2) {
    tryChange(d, () => {
      for (const [c, r] of [[m.c0 + 1, m.r0 + 1], [m.c1 - 2, m.r0 + 1], [m.c0 + 1, m.r1 - 2], [m.c1 - 2, m.r1 - 2]] as const) d.setWall(c, r, c + 1, r + 1);
    });
  }
  const bc = rand() < 0.5 ? m.c0 : m.c1 - 1, br = rand() < 0.5 ? m.r0 : m.r1 - 1;
  d.setBush(bc, br, bc + 1, br + 1);
  if (rand() < 0.4) d.setBush(m.c1 - 1 - (bc - m.c0), m.r1 - 1 - (br - m.r0), m.c1 - (bc - m.c0), m.r1 - (br - m.r0));
}

/** A random spanning tree over the BX x BY room grid, then ~1 extra edge in 6 for loops. */
function mazeEdges(BX: number, BY: number, rand: () => number): [number, number][] {
  const edges: [number, number][] = [];
  const inTree = new Uint8Array(BX * BY);
  const stack = [0];
  inTree[0] = 1;
  while (stack.length > 0) {
    const a = stack[stack.length - 1]!;
    const ax = a % BX, ay = Math.floor(a / BX);
    const options = [[ax + 1, ay], [ax - 1, ay], [ax, ay + 1], [ax, ay - 1]].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < BX && y! < BY && !inTree[y! * BX + x!]);
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const [x, y] = options[Math.floor(rand() * options.length)]!;
    const b = y! * BX + x!;
    inTree[b] = 1;
    edges.push([a, b]);
    stack.push(b);
  }
  for (let a = 0; a < BX * BY; a++) {
    if (a % BX < BX - 1 && rand() < 0.17 && !edges.some(([p, q]) => (p === a && q === a + 1) || (p === a + 1 && q === a))) edges.push([a, a + 1]);
    if (a + BX < BX * BY && rand() < 0.17 && !edges.some(([p, q]) => (p === a && q === a + BX) || (p === a + BX && q === a))) edges.push([a, a + BX]);
  }
  return edges;
}

/**
 * A 5-wide road through the rock joining neighbouring rooms: wide enough that its centre line
 * stays open for the biggest ball size class. It runs from a's centre along a's centre line, then
 * along b's centre line into b; both legs stay inside the two rooms' blocks, so no third room is cut.
 */
function corridor(d: Design, a: Room, b: Room, sideBySide: boolean): void {
  const pa = centre(a), pb = centre(b);
  // Each leg reaches 2 cells past its end points, so the bend is a full 5 x 5 square. Only rock
  // becomes road: inside the rooms the floor stays as it is.
  const road = (c0: number, r0: number, c1: number, r1: number) => {
    d.rect(Math.min(c0, c1) - 2, Math.min(r0, r1) - 2, Math.max(c0, c1) + 2, Math.max(r0, r1) + 2, (i) => {
      if (!d.wall[i]) return;
      d.wall[i] = 0;
      d.terrain[i] = Terrain.Road;
    });
  };
  if (sideBySide) {
    road(pa.col, pa.row, pb.col, pa.row);
    road(pb.col, pa.row, pb.col, pb.row);
  } else {
    road(pa.col, pa.row, pa.col, pb.row);
    road(pa.col, pb.row, pb.col, pb.row);
  }
}

/**
 * 64 x 64, for team matches: four walled camps in the corners, a road through each (a cross of
 * gates, and a third gate towards the middle), a ring road joining the camps over bridges across
 * the two rivers that quarter the map, and an open green where the rivers meet. Drawn in one
 * eighth and mirrored into the others (symmetrize), so every camp, side and corner is alike.
 */
function campsFour(): Design {
  const N = 64, M = N / 2; // M: the middle line, between cells M - 1 and M
  const d = new Design(N, N);
  const rand = prng(64064);
  // What follows is drawn in the top-left quarter (cells 0 .. M - 1); only its part with col <= row counts.
  for (let k = 0; k < 6; k++) d.blob(2 + rand() * 26, 14 + rand() * 15, 1.3 + rand() * 1.5, 1 + rand() * 1.2, Terrain.Dirt);
  // The rivers: 4 cells wide along both middle lines, sand banks beside them.
  d.setTerrain(0, M - 3, M - 1, M - 3, Terrain.Sand);
  d.setTerrain(0, M - 2, M - 1, M - 1, Terrain.Water);
  // The green where they meet: land within 7.5 cells of the middle, a sandy shore round it.
  d.rect(M - 10, M - 10, M - 1, M - 1, (i, c, r) => {
    const dist = Math.hypot(c + 0.5 - M, r + 0.5 - M);
    if (dist <= 7.5) d.terrain[i] = Terrain.Grass;
    else if (dist <= 8.6 && d.terrain[i] === Terrain.Water) d.terrain[i] = Terrain.Sand;
  });
  // The camp: the map's corner inside a wall two cells thick, a dirt yard.
  d.setTerrain(1, 1, 17, 17, Terrain.Dirt);
  d.setWall(0, 18, 19, 19);
  d.setWall(18, 0, 19, 19);
  d.setWall(13, 18, 19, 19, 0); // the gate towards the middle (with its mirror: the corner of the wall)
  // Roads: through the camp and out of its gate, over the bridge to the next camp; from the
  // middle gate along the diagonal to the green; a ring round the green.
  d.setTerrain(5, 1, 9, M - 1, Terrain.Road);
  d.setTerrain(1, 5, 9, 9, Terrain.Road);
  d.setWall(5, 18, 9, 19, 0);
  d.rect(12, 12, M - 1, M - 1, (i, c, r) => {
    if (Math.abs(c - r) <= 2) d.terrain[i] = Terrain.Road;
  });
  d.rect(M - 8, M - 8, M - 1, M - 1, (i, c, r) => {
    const dist = Math.hypot(c + 0.5 - M, r + 0.5 - M);
    if (dist > 4.5 && dist <= 6) d.terrain[i] = Terrain.Road;
  });
  // Cover in the field between the camp, the river and the diagonal: a rock, a pond, bushes.
  d.setWall(12, 22, 15, 23);
  d.setWall(12, 24, 13, 25);
  d.pond(18.5, 26.5, 2, 1.5, 1);
  d.setBush(1, 1, 3, 3); // the camp's back corner
  d.setBush(1, 22, 4, 26); // beside the river, outside the camp
  d.setBush(17, 20, 19, 21);
  d.setBush(23, 27, 26, 28);
  d.border();
  symmetrize(d);
  sealPockets(d, cellOf(d, { col: 9, row: 9 }));
  const images = squareImages(d);
  d.spawns = spreadSpawns(d, { col: 9, row: 9 }, 48, { images });
  d.viruses = spreadViruses(d, { col: 22, row: 16 }, 16, 2, { images });
  return d;
}

/**
 * 57 x 57, for last ball standing: a round island in a lake ringed by rock. The closing area ends
 * on its middle cell (the map has one: its sides are odd), a plain green inside a road ring that
 * marks the last circle; a ring road, four paths to the green, rocks, ponds and bushes further out.
 * Drawn in one eighth and mirrored into the others, so the end is the same distance from every shore.
 */
function islandRound(): Design {
  const N = 57, C = (N - 1) / 2; // C: the middle cell, on both axes
  const d = new Design(N, N);
  const rand = prng(57057);
  const dist = (c: number, r: number) => Math.hypot(c - C, r - C);
  /** The shore's radius in the direction of (c, r): bays and capes, alike in all eight eighths. */
  const shore = (c: number, r: number) => {
    const a = Math.atan2(r - C, c - C);
    return 23.6 + 0.6 * Math.cos(8 * a) + 0.4 * Math.cos(4 * a);
  };
  for (let k = 0; k < 6; k++) {
    const a = rand() * Math.PI / 4, rr = 9 + rand() * 10;
    d.blob(C - rr * Math.cos(a), C - rr * Math.sin(a), 1.3 + rand() * 1.4, 1.1 + rand() * 1.2, Terrain.Dirt);
  }
  d.rect(0, 0, N - 1, N - 1, (i, c, r) => {
    const at = dist(c, r), edge = shore(c, r);
    if (at > 26.6) d.wall[i] = 1;
    else if (at > edge) d.terrain[i] = Terrain.Water;
    else if (at > edge - 1.6) d.terrain[i] = Terrain.Sand;
    else if ((at >= 16.5 && at <= 18.7) || (at >= 4.5 && at <= 5.6)) d.terrain[i] = Terrain.Road; // the ring road; the last circle
    else if ((Math.abs(c - C) <= 1 || Math.abs(r - C) <= 1) && at > 5.6 && at < 16.5) d.terrain[i] = Terrain.Road; // the paths in (with their mirrors)
    else if (at <= 4.5) d.terrain[i] = Terrain.Grass; // the green: plain, open
  });
  d.setWall(19, 19, 21, 21); // a rock on each diagonal, 10 cells out
  d.setWall(15, 22, 16, 23); // rocks inside the ring road, off the paths
  d.pond(14, 14, 1.5, 1.5, 1); // ponds on the diagonals, between the ring road and the shore
  d.setBush(17, 24, 19, 25); // bushes off the paths, no nearer the middle than 9 cells
  d.setBush(7, 20, 9, 22);
  d.setBush(4, 26, 5, 28); // in the west bay (and its mirrors)
  d.border();
  symmetrize(d);
  sealPockets(d, cellOf(d, { col: C, row: C }));
  const images = squareImages(d);
  d.spawns = spreadSpawns(d, { col: C, row: C - 12 }, 40, { images, allowed: (c, r) => dist(c, r) >= 8 });
  // Nothing on the green: the end is a fair fight in the open.
  d.viruses = spreadViruses(d, { col: C - 9, row: C - 3 }, 16, 2, { images, allowed: (c, r) => dist(c, r) >= 8 });
  return d;
}

const MAPS: readonly { entry: MapManifestEntry; build: () => Design }[] = [
  {
    entry: { id: 'arena-small', file: 'arena-small.tmj', name: 'Arena', description: 'A small open field: crossing roads, a pond, a few wall clumps and bushes to hide in. Made for quick matches.' },
    build: arenaSmall,
  },
  {
    entry: { id: 'labyrinth-large', file: 'labyrinth-large.tmj', name: 'Labyrinth', description: 'Forty-eight rooms joined by winding corridors, with bushes in the corners. Plan your route: the straight line is almost never open.' },
    build: labyrinthLarge,
  },
  {
    entry: { id: 'four-camps', file: 'four-camps.tmj', name: 'Four Camps', description: 'Four walled camps, one in each corner, joined by a ring road that crosses two rivers on bridges; the rivers meet at an open green in the middle. Mirrored every way, so no camp is favoured. Made for team matches.' },
    build: campsFour,
  },
  {
    entry: { id: 'round-island', file: 'round-island.tmj', name: 'Island', description: 'A round island in a lake: a ring road, four paths in, walls, ponds and bushes for cover, and an open green in the middle where the closing area ends, as far from every shore. Made for last ball standing.' },
    build: islandRound,
  },
];

function main(): void {
  const tileset = JSON.parse(readFileSync(`${OUT_DIR}tileset.tsj`, 'utf8')) as unknown;
  for (const { entry, build } of MAPS) {
    const d = build();
    const text = toTmj(d, entry);
    const map = parseTiledMap(JSON.parse(text), entry.file, () => tileset, entry.id);
    const seen = reachable(d, cellOf(d, map.spawns[0]!));
    if (map.spawns.some((p) => !seen[cellOf(d, p)])) throw new Error(`${entry.id}: a spawn is unreachable`);
    if (!connectedForAllSizes(d)) {
      const sizes = [0, 1, 2].map((k) => `class ${k}: ${componentSizes(d, standable(d, k)).join(' ')}`);
      throw new Error(`${entry.id}: a ball size class has separate regions (${sizes.join('; ')})\n${regionsPicture(d)}`);
    }
    writeFileSync(`${OUT_DIR}${entry.file}`, text);
    console.log(`wrote ${entry.file}: ${map.cols}x${map.rows}, ${map.spawns.length} spawns, ${map.viruses.length} viruses`);
  }
  const manifest = MAPS.map((m) => m.entry);
  validateMapManifest(manifest, 'index.json');
  writeFileSync(`${OUT_DIR}index.json`, `${JSON.stringify(manifest, null, 2)}\n`);
}

main();
