/**
 * The networked loading screen (phase 'loading'): loads what the match needs and reports real
 * progress to the host (`net:act progress`) — map parsed 40, tileset 70, view ready 100 — and
 * shows everyone's bars from the session (NetRoom.progress). The bots' trees are main's
 * business: its peer holds our 100 % back until it has the host's trees where ours differ, and the
 * trees come with the match start; this screen says where that stands (treesNotice). The host
 * starts the match when all are at 100 % (or its timeout passes); the start moves to the match screen.
 */
import { paletteColor } from '../../game/colors';
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { SlotKind } from '../../game/simApi';
import { WaitDialog } from '../../hud/WaitDialog';
import { waitStateOf } from '../../game/waitState';
import { errorText, t } from '../../i18n';
import { sharedRenderer } from '../../view/sharedRenderer';
import type { Screen } from '../App';
import { LoadingView } from '../components/LoadingView';
import { h } from '../dom';
import { pageRoom } from '../session/PageRoom';
import { treeLines } from '../session/treesNotice';

export const netLoadingScreen: Screen = (root, ctx) => {
  const net = pageRoom(ctx);
  const view = new LoadingView();
  const status = h('p', { className: 'status', testId: 'loading-status' });
  view.el.append(status, h('div', { className: 'row' }, h('button', { className: 'menu-button secondary', testId: 'loading-leave', onClick: () => (net.leave(), ctx.show('menu')) }, t('lobby.leave'))));
  // A host that stops answering while we load is shown as in the match: named, counted, Leave.
  const quiet = new WaitDialog(() => undefined, () => (net.leave(), ctx.show('menu')));
  root.append(view.el, quiet.el);
  let alive = true;
  let failed = false;
  let warned = '';

  const render = (): void => {
    const s = net.session;
    if (!s) return;
    const lines = treeLines(s.trees);
    if (!failed) status.textContent = lines.join(' ');
    const notices = JSON.stringify(s.trees.fallbacks);
    if (notices !== warned) {
      warned = notices;
      for (const f of s.trees.fallbacks) console.warn(`[bots] ${f.file}${f.node === null ? '' : ` node ${f.node}`}: ${f.problem} — using the built-in tree`);
    }
    quiet.update(s.owner || !net.status ? null : waitStateOf(0, null, () => null, { silentMs: net.status.hostSilentMs, name: t('wait.hostOf', { room: s.settings.roomName }) }));
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
    sharedRenderer(); // the WebGL context, before the clock starts
    report(100);
  };
  load().catch((e: Error) => {
    failed = true;
    if (alive) status.textContent = t('loading.failed', { reason: errorText(e) });
  });
  return () => {
    alive = false;
    off();
  };
};
