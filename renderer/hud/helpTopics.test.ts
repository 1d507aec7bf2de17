import { describe, expect, it } from 'vitest';
import { AREA_CLOSED_SIXTHS, AREA_END_CELLS, AREA_HOLD_SIXTHS, CELLS_PER_PLAYER, FRAME_RATE, MAX_TEAMS, RULES, canEatMass } from '../../core/sim';
import { en, type MessageKey } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { helpControls, helpFigures, helpTopics } from './helpTopics';

const KEYS = { up: 'KeyW', down: 'KeyS', left: 'KeyA', right: 'KeyD', split: 'Space', eject: 'KeyE', chat: 'Enter', pause: 'KeyP', scoreboard: 'Tab', grid: 'KeyG', netPanel: 'F3', mute: 'KeyM', menu: 'Escape' };

const row = (keys: typeof KEYS, id: string) => helpControls(keys).find((r) => r.id === id);
const topic = (keys: typeof KEYS, id: string) => helpTopics(keys).find((x) => x.id === id)!;

describe('How to play', () => {
  it('lists every bound action once, with its key as Settings prints it; moving by the bound keys and the arrows', () => {
    const rows = helpControls(KEYS);
    expect(rows.map((r) => r.id)).toEqual(['move', 'rightClick', 'wheel', 'split', 'eject', 'chat', 'pause', 'scoreboard', 'grid', 'netPanel', 'mute', 'menu']);
    expect(row(KEYS, 'move')!.keys).toEqual([['W', 'A', 'S', 'D'], ['↑', '←', '↓', '→']]);
    expect(row(KEYS, 'split')).toEqual({ id: 'split', keys: [['Space']], does: 'Split' });
    expect(row(KEYS, 'eject')).toEqual({ id: 'eject', keys: [['E']], does: 'Eject mass' });
    expect(row(KEYS, 'netPanel')!.keys).toEqual([['F3']]);
    expect(row(KEYS, 'menu')!.keys).toEqual([['Esc']]);
  });

  it('shows a rebound key as rebound, in the table and in the rule it plays', () => {
    const keys = { ...KEYS, split: 'KeyQ', eject: 'ShiftLeft', scoreboard: 'KeyL' };
    expect(row(keys, 'split')!.keys).toEqual([['Q']]);
    expect(row(keys, 'eject')!.keys).toEqual([['Left Shift']]);
    expect(topic(keys, 'split').key).toBe('Q');
    expect(topic(keys, 'eject').key).toBe('Left Shift');
    expect(topic(keys, 'goal').text.join(' ')).toContain('(L)');
    expect(helpControls(keys).flatMap((r) => r.keys.flat())).not.toContain('Space');
  });

  it('does not list the arrows twice when they are the bound movement keys', () => {
    const keys = { ...KEYS, up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
    expect(row(keys, 'move')!.keys).toEqual([['↑', '←', '↓', '→']]);
  });

  it('quotes the rules\' figures, as the HUD shows them', () => {
    const f = helpFigures();
    // A virus bursts the lightest cell that could eat it, and no lighter one.
    expect(canEatMass(f.burstMass, RULES.virusMass)).toBe(true);
    expect(canEatMass(f.burstMass - 1, RULES.virusMass)).toBe(false);
    // Eating at the quoted ratio works, just below it does not.
    expect(canEatMass(1000 * f.eatRatio, 1000)).toBe(true);
    expect(canEatMass(1000 * f.eatRatio - 1, 1000)).toBe(false);
    expect(topic(KEYS, 'split').text.join(' ')).toMatch(new RegExp(`${RULES.minSplitMass}.*${CELLS_PER_PLAYER}.*${RULES.mergeFrames / FRAME_RATE} s`));
    expect(topic(KEYS, 'eject').text.join(' ')).toMatch(new RegExp(`${RULES.minEjectMass}.*${RULES.blobMass}.*${RULES.ejectCost}`));
    expect(topic(KEYS, 'virus').text.join(' ')).toMatch(new RegExp(`${f.burstMass}.*${RULES.virusFeeds} blobs`));
    expect(topic(KEYS, 'shield').text.join(' ')).toContain(`${RULES.spawnShieldFrames / FRAME_RATE} s`);
  });

  it('explains both modes: teams up to the limit with their chat keys, and the closing area’s figures', () => {
    const teams = topic(KEYS, 'teams').text.join(' ');
    expect(teams).toContain(`up to ${MAX_TEAMS} teams`);
    expect(teams).toContain('Enter opens chat to your team only and Shift+Enter to everyone');
    expect(topic({ ...KEYS, chat: 'KeyY' }, 'teams').text.join(' ')).toContain('Shift+Y');
    expect(topic(KEYS, 'lastStanding').text.join(' ')).toMatch(new RegExp(`first ${AREA_HOLD_SIXTHS}/6 .*until ${AREA_CLOSED_SIXTHS}/6 .*radius of ${AREA_END_CELLS} cells`));
  });

  it('holds no figure in its words: every number comes from the rules, in both languages', () => {
    const keys = (Object.keys(en) as MessageKey[]).filter((k) => k.startsWith('help.'));
    expect(keys.length).toBeGreaterThan(10);
    const digits = (s: string): boolean => /\d/.test(s.replace(/\{\w+\}/g, ''));
    expect(keys.filter((k) => digits(en[k]) || digits(zhCN[k]))).toEqual([]);
  });
});
