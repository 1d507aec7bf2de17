/** The shipped maps, manifest and tileset parse, validate and have the promised shape. */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps, readMapsJson, readMapsPng, shippedManifest } from '../../test/fixtures/maps/shipped';
import type { GameMap, GridPoint } from './index';
import { BUILTIN_TILESET, MAP_LIMITS, TERRAIN_NAMES, Terrain, builtinTileTerrain, paintBuiltinTiles } from './index';

const maps = loadShippedMaps();
const mapById = (id: string): GameMap => {
  const m = maps.get(id);
  if (!m) throw new Error(`missing map ${id}`);
  return m;
};

/** Cells reachable from `from` by 4-neighbour steps over free cells. */
function reachableFrom(map: GameMap, from: GridPoint): Uint8Array {
  const seen = new Uint8Array(map.cols * map.rows);
  const queue = [from.row * map.cols + from.col];
  seen[queue[0]!] = 1;
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    const c = i % map.cols, r = (i - c) / map.cols;
    const next = [c > 0 ? i - 1 : -1, c < map.cols - 1 ? i + 1 : -1, r > 0 ? i - map.cols : -1, r < map.rows - 1 ? i + map.cols : -1];
    for (const j of next) {
      if (j >= 0 && !seen[j] && !map.blocked[j]) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}

/** Whether the straight segment between two cell centres crosses only free cells (sampled finely). */
function lineOfSight(map: GameMap, a: GridPoint, b: GridPoint): boolean {
  const steps = Math.ceil(Math.hypot(b.col - a.col, b.row - a.row) * 8);
  for (let s = 0; s <= steps; s++) {
    const x = a.col + 0.5 + ((b.col - a.col) * s) / steps, y = a.row + 0.5 + ((b.row - a.row) * s) / steps;
    if (map.blocked[Math.floor(y) * map.cols + Math.floor(x)]) return false;
  }
  return true;
}

/** Share of spawn pairs at least `minDist` cells apart whose straight line is blocked. */
function blockedShare(map: GameMap, minDist: number): number {
  let far = 0, blocked = 0;
  for (const a of map.spawns) {
    for (const b of map.spawns) {
      if (Math.hypot(a.col - b.col, a.row - b.row) < minDist) continue;
      far++;
      if (!lineOfSight(map, a, b)) blocked++;
    }
  }
  return blocked / far;
}

/**
 * Cells where a ball of nav size class k fits: free and at Chebyshev distance > k from every
 * blocked cell and the map edge (core/sim's nav grids use this rule; radius up to 2.5 cells → k ≤ 2).
 */
function standable(map: GameMap, k: number): Uint8Array {
  let ok = map.blocked.map((b) => (b ? 0 : 1));
  for (let step = 0; step < k; step++) {
    const next = new Uint8Array(ok.length);
    for (let r = 1; r < map.rows - 1; r++) {
      for (let c = 1; c < map.cols - 1; c++) {
        let v = 1;
        for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) v &= ok[(r + dr) * map.cols + c + dc]!;
        next[r * map.cols + c] = v;
      }
    }
    ok = next;
  }
  return ok;
}

/** Number of 4-connected regions of the cells marked 1. */
function regions(map: GameMap, mask: Uint8Array): number {
  const seen = new Uint8Array(mask.length);
  let n = 0;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    n++;
    const queue = [s];
    seen[s] = 1;
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!, c = i % map.cols;
      for (const j of [c > 0 ? i - 1 : -1, c < map.cols - 1 ? i + 1 : -1, i - map.cols, i + map.cols]) {
        if (j >= 0 && j < mask.length && mask[j] && !seen[j]) {
          seen[j] = 1;
          queue.push(j);
        }
      }
    }
  }
  return n;
}

const count = (a: ArrayLike<number>, pred: (v: number) => boolean) => Array.from(a).filter(pred).length;

describe('shipped maps', () => {
  it('lists the four maps in the manifest, with the map file names matching', () => {
    expect(shippedManifest().map((e) => [e.id, e.file, e.name])).toEqual([
      ['arena-small', 'arena-small.tmj', 'Arena'],
      ['labyrinth-large', 'labyrinth-large.tmj', 'Labyrinth'],
      ['four-camps', 'four-camps.tmj', 'Four Camps'],
      ['round-island', 'round-island.tmj', 'Island'],
    ]);
    for (const e of shippedManifest()) expect(mapById(e.id).name).toBe(e.name);
  });

  it.each([
    ['arena-small', 48, 32, 24],
    ['labyrinth-large', 128, 96, 64],
    ['four-camps', 64, 64, 48],
    ['round-island', 57, 57, 40],
  ])('%s is %ix%i with at least %i spawns, all on free, distinct, mutually reachable cells', (id, cols, rows, minSpawns) => {
    const map = mapById(id);
    expect([map.cols, map.rows]).toEqual([cols, rows]);
    expect(map.spawns.length).toBeGreaterThanOrEqual(minSpawns);
    const cells = map.spawns.map((p) => p.row * cols + p.col);
    expect(new Set(cells).size).toBe(cells.length);
    for (const i of cells) expect(map.blocked[i]).toBe(0);
    const seen = reachableFrom(map, map.spawns[0]!);
    expect(cells.filter((i) => !seen[i])).toEqual([]);
    // No free pocket is cut off either: every free cell is reachable.
    expect(count(map.blocked, (b) => b === 0)).toBe(count(seen, (s) => s === 1));
  });

  it('lets balls of every size class reach every place they fit (one region per class)', () => {
    for (const map of maps.values()) {
      for (let k = 0; k <= 2; k++) expect(regions(map, standable(map, k)), `${map.id} class ${k}`).toBe(1);
    }
  });

  it.each([
    ['arena-small', 8],
    ['labyrinth-large', 16],
    ['four-camps', 16],
    ['round-island', 16],
  ])('%s has %i viruses on roomy, distinct cells, off the bushes, away from spawns, in every quarter', (id, n) => {
    const map = mapById(id);
    expect(map.viruses).toHaveLength(n);
    expect(n).toBeLessThanOrEqual(MAP_LIMITS.maxViruses);
    const cells = map.viruses.map((p) => p.row * map.cols + p.col);
    expect(new Set(cells).size).toBe(n);
    const roomy = standable(map, 1); // a virus is about a cell wide: free all around
    const seen = reachableFrom(map, map.spawns[0]!);
    for (const v of map.viruses) {
      const i = v.row * map.cols + v.col;
      expect([roomy[i], map.bush[i], seen[i]], `virus at ${v.col}, ${v.row}`).toEqual([1, 0, 1]);
      for (const s of map.spawns) expect(Math.max(Math.abs(s.col - v.col), Math.abs(s.row - v.row)), `virus at ${v.col}, ${v.row}`).toBeGreaterThan(2);
    }
    for (const [qc, qr] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
      const inQuarter = map.viruses.filter((p) => Math.floor((p.col * 2) / map.cols) === qc && Math.floor((p.row * 2) / map.rows) === qr);
      expect(inQuarter.length, `${map.id} quarter ${qc},${qr}`).toBeGreaterThan(0);
    }
  });

  it('spreads spawns over the whole map (one in each quarter at least)', () => {
    for (const map of maps.values()) {
      for (const [qc, qr] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const inQuarter = map.spawns.filter((p) => Math.floor((p.col * 2) / map.cols) === qc && Math.floor((p.row * 2) / map.rows) === qr);
        expect(inQuarter.length, `${map.id} quarter ${qc},${qr}`).toBeGreaterThanOrEqual(Math.floor(map.spawns.length / 8));
      }
    }
  });

  it('makes the labyrinth a maze (far straight lines blocked) and the arena open', () => {
    const maze = blockedShare(mapById('labyrinth-large'), 40);
    const arena = blockedShare(mapById('arena-small'), 20);
    expect(maze).toBeGreaterThan(0.9);
    // The arena's clumps and ponds break some lines (about two thirds of long ones) but far fewer.
    expect(arena).toBeLessThan(0.8);
    expect(maze - arena).toBeGreaterThan(0.2);
  });

  /** The eight symmetries of a square map of side n + 1, as cell index → image cell index. */
  const squareSymmetries = (n: number): ((c: number, r: number) => [number, number])[] => [
    (c, r) => [n - c, r], (c, r) => [c, n - r], (c, r) => [n - c, n - r],
    (c, r) => [r, c], (c, r) => [n - r, c], (c, r) => [r, n - c], (c, r) => [n - r, n - c],
  ];

  it.each(['four-camps', 'round-island'])('%s is the same seen from every side (mirrored across both middles and both diagonals): no camp or shore is favoured', (id) => {
    const map = mapById(id);
    expect(map.cols).toBe(map.rows);
    const key = (p: GridPoint) => p.row * map.cols + p.col;
    for (const image of squareSymmetries(map.cols - 1)) {
      const at = (i: number) => {
        const [c, r] = image(i % map.cols, Math.floor(i / map.cols));
        return r * map.cols + c;
      };
      for (let i = 0; i < map.cols * map.rows; i++) {
        const j = at(i);
        expect([map.blocked[j], map.bush[j], map.terrain[j]], `${id} cell ${i} and its image ${j}`).toEqual([map.blocked[i], map.bush[i], map.terrain[i]]);
      }
      for (const list of [map.spawns, map.viruses]) expect(new Set(list.map((p) => at(key(p))))).toEqual(new Set(list.map(key)));
    }
  });

  it('has every kind of ground, bushes and walls', () => {
    for (const map of maps.values()) {
      expect(count(map.bush, (b) => b === 1), map.id).toBeGreaterThanOrEqual(20);
      expect(count(map.wallTiles, (w) => w > 0), map.id).toBeGreaterThan(map.cols * 2);
      for (const t of [Terrain.Grass, Terrain.Road, Terrain.Sand, Terrain.Water, Terrain.Dirt]) expect(map.terrain.includes(t), `${map.id} ${TERRAIN_NAMES[t]}`).toBe(true);
    }
  });

  it('holds exactly the art the current painter produces (generated files are up to date)', () => {
    for (const map of maps.values()) {
      const wall = map.wallTiles.map((w) => (w > 0 ? 1 : 0));
      const painted = paintBuiltinTiles(map.cols, map.rows, map.terrain, Uint8Array.from(wall), map.bush);
      expect(Buffer.from(painted.ground.buffer).equals(Buffer.from(map.ground.buffer)), map.id).toBe(true);
      expect(Buffer.from(painted.wallTiles.buffer).equals(Buffer.from(map.wallTiles.buffer)), map.id).toBe(true);
      expect(Buffer.from(painted.bushTiles.buffer).equals(Buffer.from(map.bushTiles.buffer)), map.id).toBe(true);
    }
  });
});

describe('shipped tileset', () => {
  const tsj = readMapsJson('tileset.tsj') as Record<string, unknown>;
  const png = readMapsPng('tileset.png');
  const T = BUILTIN_TILESET.tileWidth;

  it('matches the built-in layout, and every map uses it', () => {
    expect([tsj['imagewidth'], tsj['imageheight'], tsj['columns'], tsj['tilecount'], tsj['tilewidth']]).toEqual([png.width, png.height, 8, 64, 32]);
    for (const map of maps.values()) expect(map.tileset).toEqual(BUILTIN_TILESET);
  });

  it('declares the terrain of every ground tile and none on overlays', () => {
    const declared = new Map<number, string>();
    for (const t of tsj['tiles'] as { id: number; properties: { name: string; value: string }[] }[]) declared.set(t.id, t.properties.find((p) => p.name === 'terrain')!.value);
    for (let id = 0; id < 64; id++) {
      const kind = builtinTileTerrain(id);
      expect(declared.get(id), `tile ${id}`).toBe(kind === null ? undefined : TERRAIN_NAMES[kind]);
    }
  });

  /** Alpha values and luminance spread of one tile. */
  function tileStats(id: number): { opaque: number; clear: number; spread: number; hash: string } {
    let opaque = 0, clear = 0, min = 255, max = 0;
    const bytes: number[] = [];
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        const i = (((Math.floor(id / 8) * T) + y) * png.width + (id % 8) * T + x) * 4;
        const a = png.data[i + 3]!;
        if (a === 255) opaque++;
        if (a === 0) clear++;
        const lum = (png.data[i]! * 3 + png.data[i + 1]! * 6 + png.data[i + 2]!) / 10;
        if (a > 0) [min, max] = [Math.min(min, lum), Math.max(max, lum)];
        bytes.push(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, a);
      }
    }
    return { opaque, clear, spread: max - min, hash: Buffer.from(bytes).toString('base64') };
  }

  it('has textured, distinct art: opaque ground and walls, transparent around bushes', () => {
    const hashes = new Set<string>();
    for (let id = 0; id < 64; id++) {
      const s = tileStats(id);
      hashes.add(s.hash);
      expect(s.spread, `tile ${id} is flat`).toBeGreaterThan(30);
      const overlay = id >= 9 && id <= 13;
      if (overlay) expect(s.clear, `tile ${id}`).toBeGreaterThan(50);
      else expect(s.opaque, `tile ${id}`).toBe(T * T);
    }
    expect(hashes.size).toBe(64);
  });
});
