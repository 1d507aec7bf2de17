/**
 * Play offline: choose a map (with a preview drawn from its grid), the number of bots (0–49),
 * their difficulty, the mode (free-for-all or 2–4 teams: you and the bots dealt out in turn, you on
 * the blue team; last ball standing or not) and the match length, then start. Reads only resources through the bridge; the
 * preview's map, the tileset and the bots' trees are cached, and the WebGL renderer is created
 * meanwhile, so the match starts at once.
 */
import type { MapEntry } from '../../../electron/contract';
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { loadBrains } from '../../game/treeBots';
import { TEAM_CHOICES, setupParams, type OfflineSetup } from '../../game/results';
import { DIFFICULTIES, type Difficulty } from '../../game/match';
import { errorText, t, type MessageKey } from '../../i18n';
import { mapDescription, mapName, teamsLabel } from '../../i18n/words';
import { prewarmRenderer } from '../../view/sharedRenderer';
import type { AppContext, Screen } from '../App';
import { mapPreview } from '../components/mapPreview';
import { h } from '../dom';

export const MAX_BOTS = 49;
export const MATCH_MINUTES = [1, 2, 3, 5, 10] as const;
/** The match length both an offline match and a hosted room start from. */
export const DEFAULT_MATCH_MINUTES = 3;
const DEFAULT_SETUP: OfflineSetup = { mapId: 'arena-small', bots: 7, difficulty: 'normal', minutes: DEFAULT_MATCH_MINUTES, teams: 0, lastStanding: false };


function field(label: string, input: HTMLElement): HTMLLabelElement {
  return h('label', { className: 'field' }, h('span', {}, label), input);
}

function select<T extends string | number>(testId: string, values: readonly T[], label: (v: T) => string, current: T): HTMLSelectElement {
  const el = h('select', { testId }, ...values.map((v) => h('option', { attrs: { value: String(v) } }, label(v))));
  el.value = String(current);
  return el;
}

/** The setup form's inputs, filled from `setup`. */
function formOf(setup: OfflineSetup): { map: HTMLSelectElement; bots: HTMLInputElement; difficulty: HTMLSelectElement; minutes: HTMLSelectElement; teams: HTMLSelectElement; lbs: HTMLInputElement } {
  const bots = h('input', { testId: 'setup-bots', attrs: { type: 'number', min: '0', max: String(MAX_BOTS), step: '1' } });
  bots.value = String(setup.bots);
  const lbs = h('input', { testId: 'setup-lbs', attrs: { type: 'checkbox' } });
  lbs.checked = setup.lastStanding;
  return {
    teams: select('setup-teams', TEAM_CHOICES, teamsLabel, setup.teams),
    lbs,
    map: h('select', { testId: 'setup-map' }),
    bots,
    difficulty: select('setup-difficulty', DIFFICULTIES, (d) => t(`difficulty.${d}` as MessageKey), setup.difficulty),
    minutes: select('setup-minutes', MATCH_MINUTES, (m) => t('setup.minutes', { n: m }), setup.minutes as (typeof MATCH_MINUTES)[number]),
  };
}

/** Shows map `id`'s preview in `box` (and preloads its tileset); `current` says whether it is still wanted. */
async function showPreview(ctx: AppContext, id: string, box: HTMLElement, current: () => boolean): Promise<void> {
  box.replaceChildren(h('p', { className: 'status' }, t('common.loading')));
  try {
    void loadTilesetImage(ctx.bridge, id).catch(() => undefined); // preload for the match
    const map = await loadGameMap(ctx.bridge, id);
    if (current()) box.replaceChildren(mapPreview(map), h('p', { className: 'status' }, t('setup.mapSize', { cols: map.cols, rows: map.rows, spawns: map.spawns.length })));
  } catch (e) {
    if (current()) box.replaceChildren(h('p', { className: 'error' }, errorText(e)));
  }
}

export const offlineSetupScreen: Screen = (root, ctx) => {
  const f = formOf(ctx.lastSetup ?? DEFAULT_SETUP);
  const preview = h('div', { className: 'preview-box', testId: 'preview-box' });
  const description = h('p', { className: 'status', testId: 'map-description' });
  const status = h('p', { className: 'status error', testId: 'setup-status' });
  const start = h('button', { className: 'menu-button', testId: 'setup-start' }, t('setup.start'));
  start.disabled = true;
  let alive = true;
  let maps: readonly MapEntry[] = [];
  prewarmRenderer();
  void loadBrains(ctx.bridge); // the bots' trees, read while the player chooses
  const showMap = (id: string): Promise<void> => {
    description.textContent = mapDescription(id, maps.find((m) => m.id === id)?.description ?? '');
    return showPreview(ctx, id, preview, () => alive && f.map.value === id);
  };
  f.map.addEventListener('change', () => void showMap(f.map.value));
  start.addEventListener('click', () => {
    const n = Number(f.bots.value);
    if (!Number.isInteger(n) || n < 0 || n > MAX_BOTS) return void (status.textContent = t('setup.botsRange', { max: MAX_BOTS }));
    const setup: OfflineSetup = { mapId: f.map.value, bots: n, difficulty: f.difficulty.value as Difficulty, minutes: Number(f.minutes.value), teams: Number(f.teams.value), lastStanding: f.lbs.checked };
    ctx.lastSetup = setup;
    ctx.hook.startClickAt = performance.now();
    ctx.show('match', setupParams(setup));
  });
  root.append(
    h(
      'main',
      { className: 'panel setup', testId: 'offline-setup' },
      h('h2', {}, t('setup.title')),
      h('div', { className: 'setup-grid' }, h('div', {}, field(t('setup.map'), f.map), description, field(t('setup.bots'), f.bots), field(t('setup.difficulty'), f.difficulty), field(t('setup.mode'), f.teams), field(t('setup.lastStanding'), f.lbs), field(t('setup.length'), f.minutes)), preview),
      status,
      h('div', { className: 'row' }, start, h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back'))),
    ),
  );
  const wanted = (ctx.lastSetup ?? DEFAULT_SETUP).mapId;
  void ctx.bridge
    .request('resources:maps', null)
    .then((list) => {
      if (!alive) return;
      maps = list;
      f.map.replaceChildren(...list.map((m) => h('option', { attrs: { value: m.id } }, mapName(m.id, m.name))));
      f.map.value = list.some((m) => m.id === wanted) ? wanted : (list[0]?.id ?? '');
      start.disabled = list.length === 0;
      return showMap(f.map.value);
    })
    .catch((e: Error) => (status.textContent = errorText(e)));
  return () => void (alive = false);
};
