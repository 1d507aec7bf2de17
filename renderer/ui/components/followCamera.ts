/**
 * The camera control of a viewer who does not steer cells (the replay viewer, a spectator in a
 * networked match): a picker to follow any player or none — the camera jumps to the centre of the
 * player's cells, then frames them as they move and grow (SceneView.followPlayer) — and a free
 * camera: drag the ground with the left button (CameraRig.dragBy; the direction keys pan too, see
 * matchInput). Dragging stops following, and the picker shows it. Player names are text from the
 * network: option text.
 */
import type { PlayerInfo } from '../../game/match';
import { t } from '../../i18n';
import type { MatchView } from '../../view/MatchView';
import { h } from '../dom';

export interface FollowCamera {
  /** The picker (a <select>), to place in a bar. */
  readonly select: HTMLSelectElement;
  /** Follows player `slot` and jumps to its centre (null: free camera where it is). */
  follow(slot: number | null): void;
  /** Keeps the picker in step with the camera (call once per display frame). */
  refresh(): void;
  dispose(): void;
}

export function followCamera(view: MatchView, players: readonly PlayerInfo[], testId: string): FollowCamera {
  const select = h('select', { testId }, h('option', { attrs: { value: '' } }, t('replay.free')), ...players.map((p) => h('option', { attrs: { value: String(p.slot) } }, p.name)));
  const follow = (slot: number | null): void => {
    view.followPlayer(slot);
    select.value = slot === null ? '' : String(slot);
  };
  select.addEventListener('change', () => follow(select.value === '' ? null : Number(select.value)));

  const canvas = view.renderer.domElement;
  let drag: { x: number; y: number } | null = null;
  const down = (e: MouseEvent): void => void (e.button === 0 && (drag = { x: e.clientX, y: e.clientY }));
  const move = (e: MouseEvent): void => {
    if (!drag) return;
    view.rig.dragBy(e.clientX - drag.x, e.clientY - drag.y, canvas.clientHeight);
    drag = { x: e.clientX, y: e.clientY };
    select.value = '';
  };
  const up = (): void => void (drag = null);
  canvas.addEventListener('mousedown', down);
  window.addEventListener('mousemove', move);
  window.addEventListener('mouseup', up);
  return {
    select,
    follow,
    refresh: () => {
      const f = view.rig.following;
      const want = f === null ? '' : String(f);
      if (select.value !== want && document.activeElement !== select) select.value = want;
    },
    dispose: () => {
      canvas.removeEventListener('mousedown', down);
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    },
  };
}

/** A spectator's bar over a networked match: "Spectating", and whom the camera follows. */
export function spectatorBar(view: MatchView, players: readonly PlayerInfo[]): { el: HTMLElement; dispose: () => void } {
  const camera = followCamera(view, players, 'spectate-follow');
  const el = h('div', { className: 'replay-bar', testId: 'spectate-bar' }, h('span', {}, t('match.spectating')), h('label', {}, t('replay.follow'), ' ', camera.select));
  let raf = 0;
  const refresh = (): void => {
    camera.refresh();
    raf = requestAnimationFrame(refresh);
  };
  refresh();
  return {
    el,
    dispose: () => {
      cancelAnimationFrame(raf);
      camera.dispose();
      el.remove();
    },
  };
}
