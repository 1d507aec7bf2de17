/**
 * A page for renderer/view.bench.ts (bundled with esbuild, run in Chromium): the shipped MatchView
 * (the page's WebGLRenderer, every layer, names on) drawing issue 29's crowded world — an offline
 * match of 50 players on labyrinth-large, 1000 pellets, topped up to bench/crowd.ts's load (800
 * cells, 200 blobs, 30 viruses) before every logic frame — from a spectator's wide view over the
 * middle of the map, so most of it is in view. One logic frame a display frame (the crowd moves;
 * its step is not timed). Figures go to `window.__crowd` for the bench to read.
 */
import { defaultBrains } from '../core/ai';
import { parseTiledMap } from '../core/map';
import { OfflineMatch } from '../renderer/game/OfflineMatch';
import { MatchView } from '../renderer/view/MatchView';
import { census, crowd } from './crowd';

/** What the bench hands the page (init script) and reads back. */
export interface CrowdPage {
  input?: { readonly tmj: string; readonly tsj: string; readonly tileset: string };
  /** JS time of each display frame's MatchView.frame (scene update + render), ms. */
  readonly frameMs: number[];
  /** renderer.info.render.calls of each frame. */
  readonly calls: number[];
  load: string;
  error?: string;
}

declare global {
  interface Window {
    __crowd?: CrowdPage;
  }
}

async function main(page: CrowdPage): Promise<void> {
  const input = page.input!;
  const map = parseTiledMap(JSON.parse(input.tmj), 'labyrinth-large.tmj', () => JSON.parse(input.tsj), 'labyrinth-large');
  const players = Array.from({ length: 50 }, (_, i) => ({ slot: i, name: `P${i}`, color: `#${((i * 0x9e3779) & 0xffffff).toString(16).padStart(6, '0')}`, bot: i > 0 }));
  const levels = ['easy', 'normal', 'hard'] as const;
  const session = new OfflineMatch({ map, players, lengthFrames: 30 * 60 * 30, seed: 1, pelletTarget: 1000, brains: defaultBrains(), bots: players.slice(1).map((p, i) => ({ slot: p.slot, level: levels[i % 3]! })) });
  for (let i = 0; i < 300; i++) session.stepOnce(); // bots spread out and plan paths
  const tileset = new Image();
  tileset.src = input.tileset;
  await tileset.decode();
  const stage = document.createElement('div');
  stage.style.cssText = 'position:fixed;inset:0';
  document.body.append(stage);
  const view = new MatchView(stage, session, tileset, { shadows: true, pixelRatio: 1 });
  view.rig.follow(null);
  view.rig.jumpTo(map.cols / 2, map.rows / 2);
  view.rig.zoomBy(Math.log(60 / view.rig.distance) / 0.001);
  let last = performance.now();
  const tick = (now: number): void => {
    crowd(session.world);
    view.beforeStep();
    session.stepOnce();
    view.onStep();
    const load = census(session.world);
    page.load = `${load.cells} cells, ${session.world.scratch.pelletCount} pellets, ${load.blobs} blobs, ${load.viruses} viruses`;
    const t0 = performance.now();
    view.frame(1, now - last, 1);
    page.frameMs.push(performance.now() - t0);
    page.calls.push(view.renderer.info.render.calls);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const page = window.__crowd!;
main(page).catch((e: unknown) => {
  page.error = (e as Error).stack ?? String(e);
});
