/**
 * A GPU-free harness around SceneView for the benchmark: the per-display-frame work of the view
 * (display cells, smoothing, visibility, camera, cell, blob, virus, shield and pellet instances,
 * path lines and grid-cell outlines with the grid shown, effects) over a running session, without
 * WebGL or a DOM, so Node can time it and count its allocations once the code is optimised. It
 * runs no simulation steps itself: the world stands still, captured once as both ends of the
 * interpolation.
 */
import type { Match } from '../game/match';
import { SceneView } from './SceneView';

export interface ViewUpdateRig {
  readonly scene: SceneView;
  /** One display frame's view update, `dtMs` after the last. */
  frame(dtMs: number): void;
}

export function viewUpdateRig(session: Match): ViewUpdateRig {
  const scene = new SceneView(session, { shadows: true, tileset: null, labels: false });
  scene.grid.visible = true;
  scene.beforeStep();
  scene.rig.zoomBy(Math.log(30 / scene.rig.distance) / 0.001);
  let alpha = 0;
  return {
    scene,
    frame: (dtMs) => {
      alpha = alpha >= 1 ? 0 : alpha + 0.5;
      scene.pellets.markDirty(); // in play, pellets are eaten or spawned nearly every frame
      scene.update(alpha, dtMs, 1, 1280, 800);
    },
  };
}
