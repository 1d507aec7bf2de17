/**
 * Words for things named by data: maps (by id: the shipped maps have catalog words, a map added
 * to resources/ keeps the name its file gives) and keyboard keys (KeyboardEvent.code → what is
 * printed on the key).
 */
import { hasMessage, t, type MessageKey } from './index';

/** A map's name in the current language; `fallback` (the file's name) or the id for a map the catalogs do not know. */
export function mapName(id: string, fallback?: string): string {
  const key = `map.${id}.name`;
  return hasMessage(key) ? t(key) : fallback || id;
}

export function mapDescription(id: string, fallback: string): string {
  const key = `map.${id}.description`;
  return hasMessage(key) ? t(key) : fallback;
}

const NAMED: Readonly<Record<string, string>> = {
  Space: 'key.space',
  Enter: 'key.enter',
  Escape: 'key.escape',
  Tab: 'key.tab',
  Backspace: 'key.backspace',
  ArrowUp: 'key.arrowUp',
  ArrowDown: 'key.arrowDown',
  ArrowLeft: 'key.arrowLeft',
  ArrowRight: 'key.arrowRight',
  Shift: 'key.shift',
  Control: 'key.control',
  Alt: 'key.alt',
};

/** "KeyW" → "W", "Digit1" → "1", "ShiftLeft" → "Left Shift", "Numpad4" → "Numpad 4", "F3" → "F3". */
export function keyName(code: string): string {
  const plain = /^(?:Key|Digit)([A-Z0-9])$/.exec(code);
  if (plain) return plain[1]!;
  const pad = /^Numpad(\w+)$/.exec(code);
  if (pad) return t('key.numpad', { key: keyName(pad[1]!) });
  const side = /^(Shift|Control|Alt)(Left|Right)$/.exec(code);
  if (side) return t(side[2] === 'Left' ? 'key.sideLeft' : 'key.sideRight', { key: keyName(side[1]!) });
  const named = NAMED[code];
  return named && hasMessage(named) ? t(named) : code;
}

/** A team's name: "Blue", "蓝队" (team 0..3). */
export function teamName(team: number): string {
  return t(`team.${team % 4}` as MessageKey);
}

/** A mode's label: "Free-for-all" or "2 teams". */
export function teamsLabel(n: number): string {
  return n === 0 ? t('mode.ffa') : t('mode.teams', { n });
}
