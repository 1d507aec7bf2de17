/**
 * The replay viewer's control bar over the match view: play/pause, speed (0.25×–8×), a seek bar
 * with the time, follow a player or a free camera (drag the ground with the left button, or the
 * direction keys), the grid overlay, and back to the list. Also the test hook's replay knobs.
 * Seeking restores the nearest snapshot and steps (ReplayMatch.seek), then re-syncs the view.
 * At the end the viewer holds: it says so, and the play button starts the recording over.
 */
import { ReplayMatch } from '../../game/ReplayMatch';
import { FRAME_RATE } from '../../game/simApi';
import { t } from '../../i18n';
import type { ReplayHook, TestHook } from '../testHook';
import { followCamera } from '../components/followCamera';
import { h } from '../dom';
import type { MatchController } from '../match/MatchController';
import { clock } from './replays';

export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8];

export function replayControls(ctrl: MatchController, session: ReplayMatch, hook: TestHook, back: () => void): { el: HTMLElement; dispose: () => void } {
  const view = ctrl.view;
  const seekTo = (frame: number): void => {
    session.seek(frame);
    view.pellets.markDirty();
    view.smoother.snapAll();
    ctrl.loop.reset();
  };
  const setSpeed = (x: number): void => {
    ctrl.loop.speed = x;
    speed.value = String(x);
  };
  const ended = (): boolean => session.player.frame >= session.endFrames;
  // At the end the button starts the recording over; otherwise it plays or pauses.
  const play = h('button', {
    className: 'small-button',
    testId: 'replay-play',
    onClick: () => {
      if (!ended()) return ctrl.togglePause();
      seekTo(0);
      if (ctrl.paused) ctrl.togglePause();
    },
  });
  const speed = h('select', { testId: 'replay-speed' }, ...SPEEDS.map((s) => h('option', { attrs: { value: String(s) } }, `${s}×`)));
  speed.value = '1';
  speed.addEventListener('change', () => setSpeed(Number(speed.value)));
  const bar = h('input', { testId: 'replay-seek', attrs: { type: 'range', min: '0', max: String(session.endFrames), step: '1', value: '0' } });
  bar.addEventListener('input', () => seekTo(Number(bar.value)));
  // The thumb follows playback except while the player holds it (focus alone must not freeze it:
  // a clicked range input keeps the focus).
  let holding = false;
  bar.addEventListener('pointerdown', () => (holding = true));
  for (const ev of ['pointerup', 'pointercancel', 'change'] as const) bar.addEventListener(ev, () => (holding = false));
  const endNote = h('span', { className: 'replay-ended', testId: 'replay-ended' }, t('replay.ended'));
  const time = h('span', { className: 'replay-time', testId: 'replay-time' });
  const camera = followCamera(view, session.players, 'replay-follow');
  const follow = camera.follow;
  const grid = h('button', { className: 'small-button', testId: 'replay-grid', onClick: () => ctrl.toggleGrid() }, t('replay.grid'));
  const notice = h('span', { className: 'error', testId: 'replay-notice' });
  const el = h(
    'div',
    { className: 'replay-bar', testId: 'replay-bar' },
    h('button', { className: 'small-button', testId: 'replay-back', onClick: back }, t('replay.back')),
    play,
    h('label', {}, t('replay.speed'), ' ', speed),
    bar,
    time,
    endNote,
    h('label', {}, t('replay.follow'), ' ', camera.select),
    grid,
    notice,
  );

  let raf = 0;
  let shownMismatch = false;
  const refresh = (): void => {
    const p = session.player;
    const atEnd = ended();
    play.textContent = atEnd ? t('replay.restart') : ctrl.paused ? t('replay.play') : t('replay.pause');
    endNote.hidden = !atEnd;
    if (!holding) bar.value = String(p.frame);
    time.textContent = `${clock(p.frame / FRAME_RATE)} / ${clock(session.endFrames / FRAME_RATE)}`;
    camera.refresh();
    if (p.mismatch && !shownMismatch) {
      shownMismatch = true;
      notice.textContent = t('replay.mismatch', { time: clock(p.mismatch.frame / FRAME_RATE) });
    }
    raf = requestAnimationFrame(refresh);
  };
  refresh();

  hook.replay = {
    state: () => {
      const p = session.player;
      return {
        frame: p.frame,
        endFrames: session.endFrames,
        hash: p.runner.hash(),
        playing: !ctrl.paused && !ended(),
        ended: ended(),
        speed: ctrl.loop.speed,
        following: view.rig.following,
        checked: p.checked,
        mismatch: p.mismatch ? { key: p.mismatch.key, frame: p.mismatch.frame } : null,
        grid: view.grid.visible,
      };
    },
    seek: seekTo,
    setSpeed,
    play: (on) => void (ctrl.paused === on && ctrl.togglePause()),
    follow,
  };
  return {
    el,
    dispose: () => {
      cancelAnimationFrame(raf);
      camera.dispose();
      delete hook.replay;
    },
  };
}
