/**
 * The replay viewer (param `id`): reads the file through the bridge, checks it (core/replay: a
 * damaged or incompatible file, another map or other bot trees get their message and a Back
 * button, never a crash), then re-simulates it in the match view with the replay controls.
 * Bots must run the recorded trees: the page's trees (resources/ai) or else the built-in ones,
 * whichever has the recorded fingerprint.
 */
import { defaultBrains } from '../../../core/ai';
import { ReplayError, ReplayPlayer } from '../../../core/replay';
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { loadReplay } from '../../game/ReplayFiles';
import { ReplayMatch } from '../../game/ReplayMatch';
import { loadBrains } from '../../game/treeBots';
import { t } from '../../i18n';
import type { Screen } from '../App';
import { h } from '../dom';
import type { StartMarks } from '../match/matchHook';
import { mountMatch } from '../match/mountMatch';
import { problemText } from './replayProblem';
import { replayControls } from './replaysControls';

export const replayViewerScreen: Screen = (root, ctx, params) => {
  const id = params['id'] ?? '';
  const loading = h('main', { className: 'panel', testId: 'replay-loading' }, h('p', {}, t('replay.loading')));
  root.append(loading);
  let disposed = false;
  let stop: (() => void) | undefined;
  const marks: StartMarks = { click: performance.now(), loaded: 0, world: 0, view: 0 };

  const begin = async (): Promise<void> => {
    const replay = await loadReplay(ctx.bridge, id);
    const mapId = replay.header.mapId;
    const [map, tileset, page] = await Promise.all([loadGameMap(ctx.bridge, mapId), loadTilesetImage(ctx.bridge, mapId), loadBrains(ctx.bridge)]);
    if (disposed) return;
    marks.loaded = performance.now();
    const builtIn = page.brains.fingerprint === replay.header.brains ? null : defaultBrains();
    const player = new ReplayPlayer(replay, map, builtIn !== null && builtIn.fingerprint === replay.header.brains ? builtIn : page.brains);
    const session = new ReplayMatch(player, map);
    marks.world = performance.now();
    loading.remove();
    const mounted = mountMatch(root, ctx, { session, tileset, settings: ctx.settings, marks, onEnd: () => undefined, onLeave: () => ctx.show('replays') });
    const bar = replayControls(mounted.ctrl, session, ctx.hook, () => ctx.show('replays'));
    mounted.ctrl.el.append(bar.el);
    stop = () => {
      bar.dispose();
      mounted.stop();
    };
  };
  begin().catch((e: Error) => {
    if (disposed) return;
    loading.replaceChildren(
      h('p', { className: 'error', testId: 'replay-error' }, t('replay.failed', { reason: replayReason(e) })),
      h('button', { className: 'menu-button', testId: 'back', onClick: () => ctx.show('replays') }, t('common.back')),
    );
  });
  return () => {
    disposed = true;
    stop?.();
  };
};

/** Why a replay cannot be played, in the player's words: core's ReplayError code, worded by the catalogs. */
function replayReason(e: Error): string {
  return e instanceof ReplayError ? problemText({ code: e.code, ...e.versions }) : problemText({ code: 'other' });
}
