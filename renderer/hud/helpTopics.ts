/**
 * What "How to play" says, without the DOM (unit-tested in Node): the controls as the player has
 * bound them (key names as Settings prints them, i18n/words.ts keyName), the mouse, and the rules
 * a player of agar-likes looks for — the goal, split, eject, viruses, bushes, spawn protection,
 * and the two modes (teams with their chat, last ball standing).
 * Every figure is read from the simulation's RULES (game/simApi.ts), in the units the HUD shows
 * (mass as is, times in seconds); the catalogs hold the words and a placeholder for each figure.
 * HowToPlay.ts draws it, on the "How to play" screen and in the match's Escape menu.
 */
import type { Action } from '../../electron/contract';
import { ARROWS } from '../game/Controls';
import { AREA_CLOSED_SIXTHS, AREA_END_CELLS, AREA_HOLD_SIXTHS, CELLS_PER_PLAYER, FRAME_RATE, MAX_TEAMS, RULES } from '../game/simApi';
import { t, type MessageKey } from '../i18n';
import { keyName } from '../i18n/words';

/** One line of the controls table: groups of keys (a group's keys are pressed alike, e.g. W A S D), and what they do. */
export interface ControlRow {
  /** The action the row is for (a test id), 'move' for the four directions, or the mouse's 'rightClick' / 'wheel'. */
  readonly id: Action | 'move' | 'rightClick' | 'wheel';
  readonly keys: readonly (readonly string[])[];
  readonly does: string;
}

/** One rule explained: a heading, the key it is played with (if any), and a few sentences. */
export interface HelpTopic {
  readonly id: 'goal' | 'split' | 'eject' | 'virus' | 'bush' | 'shield' | 'teams' | 'lastStanding';
  readonly title: string;
  readonly key: string | null;
  readonly text: readonly string[];
}

const MOVES = ['up', 'left', 'down', 'right'] as const;

/** Seconds of `frames` logic frames, to a tenth. */
const seconds = (frames: number): number => Math.round((frames * 10) / FRAME_RATE) / 10;

/** A share of the match in sixths, as the closing area's rule counts it: "1/6". */
const sixths = (n: number): string => `${n}/6`;

/** The figures the help quotes, each from RULES. */
export function helpFigures() {
  return {
    /** Eating: the eater weighs at least this many times its victim (RULES.eatNum / eatDen). */
    eatRatio: RULES.eatNum / RULES.eatDen,
    decayAbove: RULES.decayThreshold,
    splitMass: RULES.minSplitMass,
    maxCells: CELLS_PER_PLAYER,
    /** The shortest merge delay (a cell's mass adds to it: core/sim mergeDelay). */
    mergeSeconds: seconds(RULES.mergeFrames),
    ejectMass: RULES.minEjectMass,
    blobMass: RULES.blobMass,
    ejectCost: RULES.ejectCost,
    /** The lightest cell that bursts on a virus: the lightest that could eat it (core/sim canEatMass). */
    burstMass: Math.ceil((RULES.virusMass * RULES.eatNum) / RULES.eatDen),
    virusFeeds: RULES.virusFeeds,
    shieldSeconds: seconds(RULES.spawnShieldFrames),
    respawnSeconds: seconds(RULES.respawnFrames),
    /** Teams in a team match: 2 up to the simulation's limit. */
    maxTeams: MAX_TEAMS,
    /** Last ball standing: the area holds, then closes, over these sixths of the match, to this radius in map cells. */
    areaHold: AREA_HOLD_SIXTHS,
    areaClosed: AREA_CLOSED_SIXTHS,
    areaCells: AREA_END_CELLS,
  };
}

/**
 * The controls table for `keys` (the player's bindings, whatever actions they hold): moving first
 * (the four bound keys, and the arrow keys, which always steer), the mouse, then every other
 * action in the settings' order with its Settings name.
 */
export function helpControls(keys: Readonly<Record<Action, string>>): ControlRow[] {
  const bound = MOVES.map((a) => keys[a]);
  const arrows = MOVES.map((a) => Object.keys(ARROWS).find((code) => ARROWS[code] === a)!);
  const moveKeys = [bound, ...(arrows.every((code, i) => bound[i] === code) ? [] : [arrows])].map((group) => group.map(keyName));
  const rows: ControlRow[] = [
    { id: 'move', keys: moveKeys, does: t('help.move') },
    { id: 'rightClick', keys: [[t('help.rightClick')]], does: t('help.rightClickDoes') },
    { id: 'wheel', keys: [[t('help.wheel')]], does: t('help.wheelDoes') },
  ];
  for (const a of Object.keys(keys) as Action[]) {
    if (!(MOVES as readonly string[]).includes(a)) rows.push({ id: a, keys: [[keyName(keys[a])]], does: t(`action.${a}` as MessageKey) });
  }
  return rows;
}

/** The rules explained, with the keys they are played with as bound in `keys`. */
export function helpTopics(keys: Readonly<Record<Action, string>>): HelpTopic[] {
  const f = helpFigures();
  return [
    { id: 'goal', title: t('help.goalTitle'), key: null, text: [t('help.goal', { ratio: f.eatRatio }), t('help.mass', { key: keyName(keys.scoreboard), mass: f.decayAbove })] },
    { id: 'split', title: t('action.split'), key: keyName(keys.split), text: [t('help.split', { mass: f.splitMass, max: f.maxCells, seconds: f.mergeSeconds })] },
    { id: 'eject', title: t('action.eject'), key: keyName(keys.eject), text: [t('help.eject', { mass: f.ejectMass, blob: f.blobMass, cost: f.ejectCost })] },
    { id: 'virus', title: t('help.virusTitle'), key: null, text: [t('help.virus', { mass: f.burstMass, feeds: f.virusFeeds })] },
    { id: 'bush', title: t('help.bushTitle'), key: null, text: [t('help.bush')] },
    { id: 'shield', title: t('help.shieldTitle'), key: null, text: [t('help.shield', { seconds: f.shieldSeconds, respawn: f.respawnSeconds })] },
    { id: 'teams', title: t('help.teamsTitle'), key: null, text: [t('help.teams', { max: f.maxTeams }), t('help.teamChat', { key: keyName(keys.chat), shift: keyName('Shift') })] },
    { id: 'lastStanding', title: t('help.lbsTitle'), key: null, text: [t('help.lbs', { hold: sixths(f.areaHold), closed: sixths(f.areaClosed), cells: f.areaCells })] },
  ];
}
