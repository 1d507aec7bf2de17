/**
 * The offline match screen: loads the map and its tileset through the bridge, sets up
 * the players (you in slot 0 with your Settings name and colour, then the bots), starts the
 * OfflineMatch and its MatchController, and goes to the results when the match ends.
 * Params: map, bots, difficulty, minutes, teams (0 or 2–4), lbs (1: last ball standing); optional
 * seed and pellets (tests, benchmarks).
 */
import type { GameMap } from '../../../core/map';
import { loadGameMap, loadTilesetImage } from '../../game/loadMap';
import { otherColors } from '../../game/colors';
import { OfflineMatch } from '../../game/OfflineMatch';
import { TEAM_CHOICES, type OfflineSetup } from '../../game/results';
import { DIFFICULTIES, type Difficulty, type PlayerInfo } from '../../game/match';
import { FRAME_RATE } from '../../game/simApi';
import { loadBrains } from '../../game/treeBots';
import { saveReplay } from '../../game/ReplayFiles';
import type { BotBrains } from '../../../core/ai';
import { t } from '../../i18n';
import type { AppContext, Screen } from '../App';
import { h } from '../dom';
import type { StartMarks } from '../match/matchHook';
import { mountMatch } from '../match/mountMatch';
import { MAX_BOTS } from './offlineSetup';

type Level = Exclude<Difficulty, 'mixed'>;
const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

function setupOf(params: Record<string, string>): OfflineSetup {
  const bots = Math.max(0, Math.min(MAX_BOTS, Math.trunc(Number(params['bots'] ?? 7)) || 0));
  const d = params['difficulty'] as Difficulty;
  const minutes = Number(params['minutes'] ?? 3);
  const teams = Number(params['teams'] ?? 0);
  return {
    mapId: params['map'] ?? 'arena-small',
    bots,
    difficulty: DIFFICULTIES.includes(d) ? d : 'normal',
    minutes: minutes > 0 && minutes <= 60 ? minutes : 3,
    teams: TEAM_CHOICES.includes(teams) ? teams : 0,
    lastStanding: params['lbs'] === '1',
  };
}

function playersOf(ctx: AppContext, bots: number): PlayerInfo[] {
  const colors = otherColors(bots, ctx.settings.color);
  const me: PlayerInfo = { slot: 0, name: ctx.settings.name, color: ctx.settings.color, bot: false };
  return [me, ...colors.map((color, i) => ({ slot: i + 1, name: t('bot.name', { n: i + 1 }), color, bot: true }))];
}

/** The offline session for `setup` on `map`, its bots played by `brains`. */
function offlineSession(ctx: AppContext, setup: OfflineSetup, map: GameMap, brains: BotBrains, params: Record<string, string>): OfflineMatch {
  const players = playersOf(ctx, setup.bots);
  const levels = players.slice(1).map((_, i): Level => (setup.difficulty === 'mixed' ? LEVELS[i % 3]! : (setup.difficulty as Level)));
  const seed = params['seed'] !== undefined ? Number(params['seed']) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
  const pellets = params['pellets'] !== undefined ? Number(params['pellets']) : undefined;
  return new OfflineMatch({
    map,
    players,
    lengthFrames: Math.round(setup.minutes * 60 * FRAME_RATE),
    seed,
    ...(pellets !== undefined ? { pelletTarget: pellets } : {}),
    brains,
    bots: levels.map((level, i) => ({ slot: i + 1, level })),
    teams: setup.teams,
    lastStanding: setup.lastStanding,
    date: new Date().toISOString(),
    onReplay: (bytes) => saveReplay(ctx, bytes),
  });
}

export const matchScreen: Screen = (root, ctx, params) => {
  const setup = setupOf(params);
  const loading = h('main', { className: 'panel', testId: 'match-loading' }, h('p', {}, t('match.loading')));
  root.append(loading);
  let disposed = false;
  const marks: StartMarks = { click: ctx.hook.startClickAt ?? performance.now(), loaded: 0, world: 0, view: 0 };
  let stop: (() => void) | undefined;

  const begin = async (): Promise<void> => {
    const [map, tileset, bots] = await Promise.all([loadGameMap(ctx.bridge, setup.mapId), loadTilesetImage(ctx.bridge, setup.mapId), loadBrains(ctx.bridge)]);
    for (const n of bots.notices) console.warn(`[bots] ${n}`);
    if (disposed) return;
    marks.loaded = performance.now();
    const session = offlineSession(ctx, setup, map, bots.brains, params);
    marks.world = performance.now();
    loading.remove();
    stop = mountMatch(root, ctx, {
      session,
      tileset,
      settings: ctx.settings,
      setup,
      marks,
      onEnd: (results) => {
        ctx.results = results;
        ctx.show('results');
      },
      onLeave: () => ctx.show('menu'),
    }).stop;
  };
  begin().catch((e: Error) => {
    if (!disposed) loading.replaceChildren(h('p', { className: 'error', testId: 'match-error' }, t('match.failed', { reason: e.message })), h('button', { className: 'menu-button', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back')));
  });
  return () => {
    disposed = true;
    stop?.();
  };
};
