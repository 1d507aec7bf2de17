/**
 * Keyboard and mouse for a match: bound keys (Settings) → Controls for steering, split and eject, and the
 * match actions — Enter chat, P pause, Tab scoreboard (held), G grid, F3 panel, M mute, Escape menu.
 * Right-click moves to the ground point under the cursor (A* in the sim), the wheel zooms, and
 * the cursor's ground point feeds the grid readout (re-picked after each frame, as the camera
 * moves too). Spectators pan with the direction keys.
 * `bindMatchInput` returns the function that removes every listener.
 */
import * as THREE from 'three';
import type { MatchController } from './MatchController';

/** The ground point last under the cursor (null when off the ground). */
export interface CursorState {
  world: { x: number; y: number; z: number } | null;
}

const PAN_CELLS = 2;

/** The key handler (down and up) of a match. */
function keyHandler(ctrl: MatchController): (e: KeyboardEvent, down: boolean) => void {
  const { controls, hud, view } = ctrl;
  const spectator = ctrl.session.mySlot === null;
  return (e, down) => {
    if (hud.chat.isOpen || e.repeat) return;
    const action = controls.actionOf(e.code);
    if (!action) return;
    e.preventDefault();
    if (hud.menu.isOpen) {
      if (down && action === 'menu') ctrl.closeMenu();
      return;
    }
    if (action === 'scoreboard') hud.scoreboard.open = down;
    if (spectator && (action === 'up' || action === 'down' || action === 'left' || action === 'right')) {
      if (down) view.rig.panBy(action === 'left' ? -PAN_CELLS : action === 'right' ? PAN_CELLS : 0, action === 'up' ? -PAN_CELLS : action === 'down' ? PAN_CELLS : 0);
      return;
    }
    if (controls.key(e.code, down) || !down) return;
    if (action === 'chat') {
      controls.releaseAll();
      hud.chat.open(e.shiftKey);
    } else if (action === 'pause') ctrl.togglePause();
    else if (action === 'grid') ctrl.toggleGrid();
    else if (action === 'mute') ctrl.toggleMute();
    else if (action === 'netPanel') hud.net.toggle();
    else if (action === 'menu') ctrl.openMenu();
  };
}

/** Mouse handlers: right-click move-to, cursor readout, wheel zoom. */
function pointerHandlers(ctrl: MatchController, cursor: CursorState): { mousedown: (e: MouseEvent) => void; mousemove: (e: MouseEvent) => void; mouseleave: () => void; wheel: (e: WheelEvent) => void } {
  const { controls, hud, view } = ctrl;
  const { cols, rows } = ctrl.session.map;
  const point = new THREE.Vector3();
  let mouseX = NaN;
  let mouseY = NaN;
  const refresh = (): void => {
    if (Number.isNaN(mouseX) || !view.pick(mouseX, mouseY, point)) {
      cursor.world = null;
      hud.readout.clear();
      return;
    }
    const c = cursor.world;
    if (c && Math.abs(c.x - point.x) < 1e-4 && Math.abs(c.z - point.z) < 1e-4 && hud.readout.last) return;
    cursor.world = { x: point.x, y: 0, z: point.z };
    if (view.grid.visible) hud.readout.show(point.x, point.z);
  };
  ctrl.afterFrame = () => {
    if (view.grid.visible) refresh();
  };
  return {
    mousedown: (e) => {
      if (e.button !== 2 || ctrl.session.mySlot === null || !view.pick(e.clientX, e.clientY, point)) return;
      controls.moveTo(point.x, point.z, cols, rows);
      view.markTarget(point.x, point.z);
    },
    mousemove: (e) => {
      mouseX = e.clientX;
      mouseY = e.clientY;
      refresh();
    },
    mouseleave: () => {
      mouseX = NaN;
      refresh();
    },
    wheel: (e) => {
      e.preventDefault();
      view.rig.zoomBy(e.deltaY);
    },
  };
}

export function bindMatchInput(ctrl: MatchController, cursor: CursorState): () => void {
  const onKey = keyHandler(ctrl);
  const keydown = (e: KeyboardEvent): void => onKey(e, true);
  const keyup = (e: KeyboardEvent): void => onKey(e, false);
  const blur = (): void => {
    ctrl.controls.releaseAll();
    ctrl.hud.scoreboard.open = false;
  };
  // A hidden page's loop stops (no animation frames): my keys are released and main closes my
  // inputs as the updates come, so the room never waits for me; shown again, the loop catches up.
  const visibility = (): void => {
    if (document.hidden) blur();
    ctrl.setAway(document.hidden);
  };
  const contextmenu = (e: Event): void => e.preventDefault();
  const { mousedown, mousemove, mouseleave, wheel } = pointerHandlers(ctrl, cursor);
  const canvas = ctrl.view.renderer.domElement;
  window.addEventListener('keydown', keydown);
  window.addEventListener('keyup', keyup);
  window.addEventListener('blur', blur);
  document.addEventListener('visibilitychange', visibility);
  canvas.addEventListener('contextmenu', contextmenu);
  canvas.addEventListener('mousedown', mousedown);
  canvas.addEventListener('mousemove', mousemove);
  canvas.addEventListener('mouseleave', mouseleave);
  canvas.addEventListener('wheel', wheel, { passive: false });
  return () => {
    ctrl.afterFrame = null;
    window.removeEventListener('keydown', keydown);
    window.removeEventListener('keyup', keyup);
    window.removeEventListener('blur', blur);
    document.removeEventListener('visibilitychange', visibility);
    canvas.removeEventListener('contextmenu', contextmenu);
    canvas.removeEventListener('mousedown', mousedown);
    canvas.removeEventListener('mousemove', mousemove);
    canvas.removeEventListener('mouseleave', mouseleave);
    canvas.removeEventListener('wheel', wheel);
  };
}
