/**
 * The networked loading screen (phase 'loading'): loads what the match needs and reports real
 * progress to the host (`net:act progress`) — map parsed 40, tileset 70, bots 85, view ready 100 —
 * and shows everyone's bars from the session (NetSession.progress). The host starts the match
 * when all are at 100 % (or its timeout passes); the match start then moves to the match screen.
 */
import { defaultBrains } from '../../../core/ai';
import { paletteColor } from '../../game/colors';
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { SlotKind } from '../../game/simApi';
import { t } from '../../i18n';
import { sharedRenderer } from '../../view/sharedRenderer';
import type { Screen } from '../App';
import { LoadingView } from '../components/LoadingView';
import { h } from '../dom';
import { sessionClient } from '../session/SessionClient';

export const netLoadingScreen: Screen = (root, ctx) => {
  const net = sessionClient(ctx);
  const view = new LoadingView();
  const status = h('p', { className: 'status', testId: 'loading-status' });
  view.el.append(status, h('div', { className: 'row' }, h('button', { className: 'menu-button secondary', testId: 'loading-leave', onClick: () => (net.leave(), ctx.show('menu')) }, t('lobby.leave'))));
  root.append(view.el);
  let alive = true;

  const render = (): void => {
    const s = net.session;
    if (!s) return;
    const pct = new Map(s.progress.map((p) => [p.slot, p.percent]));
    const players = s.slots
      .map((slot, i) => ({ slot, i }))
      .filter(({ slot }) => slot.kind === SlotKind.Human)
      .map(({ slot, i }) => ({ slot: i, name: slot.name, color: paletteColor(slot.colour), progress: (pct.get(i) ?? 0) / 100 }));
    view.update(players);
  };
  const off = net.onChange(render);
  render();

  const report = (percent: number): void => {
    if (alive) net.act({ t: 'progress', percent });
  };
  const load = async (): Promise<void> => {
    const id = net.session?.settings.map ?? '';
    await loadGameMap(ctx.bridge, id);
    report(40);
    await loadTilesetImage(ctx.bridge, id);
    report(70);
    defaultBrains(); // the trees every peer's bots run (see LockstepMatch)
    report(85);
    sharedRenderer(); // the WebGL context, before the clock starts
    report(100);
  };
  load().catch((e: Error) => {
    if (alive) status.textContent = t('loading.failed', { reason: e.message });
  });
  return () => {
    alive = false;
    off();
  };
};
