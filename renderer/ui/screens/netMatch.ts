/**
 * The networked match screen: on a start (PageRoom holds it and the port that has
 * been buffering updates since), builds the LockstepMatch on the map the loading screen loaded
 * and puts it on screen like an offline match (mountMatch). A match joined running (a resume)
 * is built from its snapshot (LockstepMatch `resume`). A spectator gets a bar to follow any player
 * or pan freely. The end leads to the same results screen; Leave (Escape menu) leaves the room.
 */
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { LockstepMatch } from '../../game/LockstepMatch';
import { saveReplay } from '../../game/ReplayFiles';
import { t } from '../../i18n';
import { APP_VERSION } from '../../../core/version';
import type { Screen } from '../App';
import { spectatorBar } from '../components/followCamera';
import { h } from '../dom';
import type { StartMarks } from '../match/matchHook';
import { mountMatch } from '../match/mountMatch';
import { pageRoom } from '../session/PageRoom';

export const netMatchScreen: Screen = (root, ctx) => {
  const net = pageRoom(ctx);
  const start = net.start;
  const port = net.port;
  if (!start || !port) return void ctx.show(net.active ? 'lobby' : 'menu');
  const loading = h('main', { className: 'panel', testId: 'match-loading' }, h('p', {}, t('match.loading')));
  root.append(loading);
  const marks: StartMarks = { click: performance.now(), loaded: 0, world: 0, view: 0 };
  let disposed = false;
  let stop: (() => void) | undefined;
  const mapId = start.start.settings.map;

  const begin = async (): Promise<void> => {
    const [map, tileset] = await Promise.all([loadGameMap(ctx.bridge, mapId), loadTilesetImage(ctx.bridge, mapId)]);
    if (disposed) return;
    marks.loaded = performance.now();
    const match = new LockstepMatch({
      map,
      start,
      port,
      slots: net.startSlots,
      appVersion: APP_VERSION,
      myName: ctx.settings.name,
      onReplay: (bytes) => saveReplay(ctx, bytes),
      resume: net.resume,
      predict: ctx.settings.predictMyBall,
      calls: {
        act: (a) => net.act(a),
        report: (r) => ctx.bridge.request('net:desyncReport', r).then((x) => x.file),
      },
    });
    if (net.session) match.onSession(net.session);
    match.frozen = net.frozen;
    net.match = match;
    if (net.session) match.onSession(net.session); // pause state and the host's name, as they are now
    marks.world = performance.now();
    loading.remove();
    const mounted = mountMatch(root, ctx, {
      session: match,
      tileset,
      settings: ctx.settings,
      marks,
      onEnd: (results) => {
        ctx.results = results;
        ctx.show('results');
      },
      onLeave: () => {
        net.leave();
        ctx.show('menu');
      },
    });
    const bar = match.mySlot === null ? spectatorBar(mounted.ctrl.view, match.players) : null;
    if (bar) mounted.ctrl.el.append(bar.el);
    stop = () => {
      bar?.dispose();
      mounted.stop();
    };
    const wait = mounted.ctrl.hud.wait;
    net.waitProbe = () => ({ isOpen: wait.isOpen, openedAt: wait.openedAt, closedAt: wait.closedAt, afterBlockedMs: wait.openedAfterMs });
  };
  begin().catch((e: Error) => {
    if (!disposed) loading.replaceChildren(h('p', { className: 'error', testId: 'match-error' }, t('match.failed', { reason: e.message })), h('button', { className: 'menu-button', testId: 'back', onClick: () => (net.leave(), ctx.show('menu')) }, t('common.back')));
  });
  return () => {
    disposed = true;
    if (net.match) net.match = null;
    net.waitProbe = null;
    stop?.();
  };
};
