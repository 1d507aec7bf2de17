/**
 * The view's layers over a real offline match, without a GPU (SceneView runs in Node as the
 * benchmark runs it): packed instance counts of cells, own cells, markers, blobs, viruses and
 * shields; the name on each player's biggest shown cell; a cell in a bush hidden from others; a
 * split of mine drawn from its parent's place on the next display frame; viruses spiky.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { MassHistory } from '../game/MassHistory';
import type { Match, PlayerInfo } from '../game/match';
import { CELLS_PER_PLAYER, MoveMode, RULES, createWorld, firstCell, radiusOf, step, type PlayerInput, type SlotInput, type World } from '../game/simApi';
import { SceneView } from './SceneView';
import { SPIKES, spikyBall } from './VirusLayer';

const map = loadShippedMaps().get('arena-small')!;
const DT = 1000 / 60;

/** A local match of `players` humans, I am slot 0: the session the view reads, stepped by the test. */
class Session implements Match {
  readonly world: World;
  readonly map = map;
  readonly players: PlayerInfo[];
  readonly mySlot = 0;
  readonly history: MassHistory;
  readonly canPause = true;
  readonly chatLog = [];
  private readonly inputs: SlotInput[] = [];
  constructor(players: number) {
    this.world = createWorld(map, { seed: 5, players, lengthFrames: 3000 });
    this.players = Array.from({ length: players }, (_, i) => ({ slot: i, name: `P${i}`, color: `#${(0x305070 + i * 0x1f2d3b).toString(16).slice(-6)}`, bot: false }));
    this.history = new MassHistory(players, 3000);
  }
  available(): number {
    return Infinity;
  }
  stepOnce(): void {
    step(this.world, this.inputs);
    this.inputs.length = 0;
  }
  submit(input: PlayerInput): void {
    this.inputs.push({ slot: 0, input });
  }
  chat(): void {}
  net(): null {
    return null;
  }
  dispose(): void {}
}

const match = (players = 3): Session => new Session(players);

/** Sets cell c's mass and radius (0: a free slot), as the sim keeps them. */
function setMassForTest(w: World, c: number, mass: number): void {
  w.cells.mass[c] = mass;
  w.cells.radius[c] = mass === 0 ? 0 : radiusOf(mass);
  if (mass === 0) w.cells.x[c] = w.cells.y[c] = w.cells.inBush[c] = 0;
}

/** A free map cell's centre (Fx) of `w`, the i-th one. */
function freeAt(w: World, i: number): [number, number] {
  const cell = w.info.freeCells[i]!;
  return [((cell % w.info.cols) << 10) + 512, (Math.floor(cell / w.info.cols) << 10) + 512];
}

/** Gives player p cells 0..n-1 at free cells from `from` on, masses 2000 + 100k (cell k = first + k). */
function cellsOf(w: World, p: number, n: number, from: number): void {
  for (let k = 0; k < CELLS_PER_PLAYER; k++) {
    const c = firstCell(p) + k;
    if (k >= n) {
      setMassForTest(w, c, 0);
      continue;
    }
    const [x, y] = freeAt(w, from + k);
    w.cells.x[c] = x;
    w.cells.y[c] = y;
    setMassForTest(w, c, 2000 + 100 * k);
  }
}

function view(s: Session): SceneView {
  const v = new SceneView(s, { shadows: true, tileset: null, labels: false });
  v.rig.follow(null);
  v.rig.jumpTo(map.cols / 2, map.rows / 2);
  v.rig.zoomBy(1e6); // the whole small arena in view
  v.beforeStep();
  return v;
}

describe('SceneView layers', () => {
  it('packs the cells it draws: others in one mesh, my 16 in mine with a ring each, names on the biggest', () => {
    const s = match(3);
    const w = s.world;
    cellsOf(w, 0, 16, 0);
    cellsOf(w, 1, 5, 40);
    cellsOf(w, 2, 0, 0);
    w.players.alive[2] = 0;
    const v = view(s);
    v.update(1, DT, 1, 1280, 800);
    expect(v.cells.own.count + v.cells.ownHidden.count).toBe(16);
    expect(v.cells.markers.count).toBe(16);
    expect(v.cells.marked).toBe(16);
    expect(v.cells.others.count).toBe(5);
    expect(v.cells.drawn).toBe(21);
    expect([...v.cells.playerShown.subarray(0, 3)]).toEqual([1, 1, 0]);
    expect(v.cells.shown.reduce((a, b) => a + b, 0)).toBe(21);
    // The name goes on the biggest cell (the last one here: 2000 + 100k).
    expect(v.cells.lead[0]).toBe(firstCell(0) + 15);
    expect(v.cells.lead[1]).toBe(firstCell(1) + 4);
    expect(v.cells.lead[2]).toBe(-1);
    // Two of player 1's cells get heavier: the name moves to the heaviest.
    setMassForTest(w, firstCell(1) + 1, 9000);
    v.update(1, DT, 1, 1280, 800);
    expect(v.cells.lead[1]).toBe(firstCell(1) + 1);
    v.dispose();
  });

  it('hides another player’s cell in a bush from me (and its name), never my own', () => {
    const s = match(2);
    const w = s.world;
    const bush = map.bush.findIndex((b, i) => b === 1 && map.blocked[i] === 0);
    expect(bush).toBeGreaterThanOrEqual(0);
    cellsOf(w, 0, 1, 0);
    cellsOf(w, 1, 2, 60);
    const hidden = firstCell(1) + 1; // the bigger of player 1's two cells
    w.cells.x[hidden] = ((bush % map.cols) << 10) + 512;
    w.cells.y[hidden] = (Math.floor(bush / map.cols) << 10) + 512;
    w.cells.inBush[hidden] = 1;
    const v = view(s);
    v.update(1, DT, 1, 1280, 800);
    expect(v.cells.shown[hidden]).toBe(0);
    expect(v.cells.shown[firstCell(1)]).toBe(1);
    expect(v.cells.lead[1]).toBe(firstCell(1)); // the name rides the cell I see
    expect(v.cells.others.count).toBe(1);
    // My own cell in a bush is drawn see-through.
    w.cells.x[0] = w.cells.x[hidden]!;
    w.cells.y[0] = w.cells.y[hidden]!;
    w.cells.inBush[0] = 1;
    v.update(1, DT, 1, 1280, 800);
    expect([v.cells.own.count, v.cells.ownHidden.count]).toEqual([0, 1]);
    // A spectator (viewer null) sees everything.
    v.viewer = null;
    v.update(1, DT, 1, 1280, 800);
    expect(v.cells.shown[hidden]).toBe(1);
    v.dispose();
  });

  it('draws blobs in their spitter’s colour, viruses, and a shield on every cell of a protected player', () => {
    const s = match(2);
    const w = s.world;
    cellsOf(w, 0, 3, 0);
    cellsOf(w, 1, 2, 40);
    w.players.shield[0] = 30;
    w.players.shield[1] = 0;
    for (let b = 0; b < 4; b++) {
      const [x, y] = freeAt(w, 80 + b);
      w.blobs.x[b] = x;
      w.blobs.y[b] = y;
      w.blobs.life[b] = 100;
      w.blobs.owner[b] = 2;
    }
    const viruses = w.viruses.mass.filter((m) => m !== 0).length;
    expect(viruses).toBeGreaterThan(0); // the map places some
    const v = view(s);
    v.update(1, DT, 1, 1280, 800);
    expect(v.blobs.mesh.count).toBe(4);
    expect(v.viruses.mesh.count).toBe(viruses);
    expect(v.shields.drawn).toBe(3);
    v.dispose();
  });

  it('a split of mine shows on the next display frame, the new cell out of its parent’s place', () => {
    const s = match(1);
    const w = s.world;
    cellsOf(w, 0, 1, 0);
    setMassForTest(w, 0, 2 * RULES.minSplitMass);
    const v = view(s);
    v.update(1, DT, 1, 1280, 800);
    v.update(1, DT, 1, 1280, 800);
    const parent = { x: v.smoother.x[0]!, z: v.smoother.z[0]! };
    s.submit({ move: MoveMode.Direction, angle: 0, targetX: 0, targetY: 0, split: true, eject: false });
    v.beforeStep();
    s.stepOnce();
    v.onStep();
    v.update(0, DT, 1, 1280, 800);
    expect(v.cells.own.count).toBe(2);
    const born = firstCell(0) + 1;
    expect(w.cells.mass[born]).toBeGreaterThan(0);
    // Drawn where its parent was, though the sim already has it most of a cell east.
    expect(Math.hypot(v.smoother.x[born]! - parent.x, v.smoother.z[born]! - parent.z)).toBeLessThan(0.05);
    expect(w.cells.x[born]! / 1024 - parent.x).toBeGreaterThan(0.5);
    // Then it glides out with the step (two display frames a logic frame), no offset left behind.
    v.update(0.5, DT, 1, 1280, 800);
    v.update(1, DT, 1, 1280, 800);
    expect(v.smoother.offset(born)).toBe(0);
    expect(v.smoother.x[born]).toBeCloseTo(w.cells.x[born]! / 1024, 6);
    v.dispose();
  });

  it('builds a virus as a spiky ball: spike tips stand well out of the ball', () => {
    const g = spikyBall();
    const pos = g.getAttribute('position');
    let far = 0;
    let tips = 0;
    for (let i = 0; i < pos.count; i++) {
      const r = Math.hypot(pos.getX(i), pos.getY(i), pos.getZ(i));
      far = Math.max(far, r);
      if (r > 1.3) tips++;
    }
    expect(far).toBeGreaterThan(1.3);
    expect(tips).toBeGreaterThanOrEqual(SPIKES);
    g.dispose();
  });
});
