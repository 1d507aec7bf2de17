/**
 * Player settings: validation and the on-disk store in the user data folder.
 *
 * Settings files are untrusted (hand edits, crashes mid-write, another version). `validateSettings`
 * accepts only well-formed values and reports every field it rejected; `SettingsStore.load` falls
 * back to defaults for a file that cannot be used, keeps the bad file aside (never deletes what a
 * player wrote) and returns a notice for the UI. Writes go through a temp file + rename so a crash
 * never leaves half a file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkPlayerName, MAX_NAME_BYTES, nameProblemText } from '../../../core/lockstep';
import { ACTIONS, LANGUAGES, type Action, type Language, type Settings, type SettingsResult } from '../../contract';
import { ReasonError } from '../reasonError';

export const DEFAULT_KEYS: Readonly<Record<Action, string>> = {
  up: 'KeyW',
  down: 'KeyS',
  left: 'KeyA',
  right: 'KeyD',
  split: 'Space',
  // agar's W is move-up here (WASD): eject sits beside it.
  eject: 'KeyE',
  chat: 'Enter',
  pause: 'KeyP',
  scoreboard: 'Tab',
  grid: 'KeyG',
  netPanel: 'F3',
  mute: 'KeyM',
  menu: 'Escape',
};

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  name: 'Player',
  color: '#3fa7ff',
  language: 'en',
  graphics: { shadows: true, pixelRatio: 1 },
  keys: DEFAULT_KEYS,
  discovery: 'all',
  keepReplays: 20,
  predictMyBall: true,
  sound: { master: 80, effects: 80, muted: false },
};

const KEY_CODE = /^[A-Za-z0-9]{1,24}$/;
/** Actions added after settings files were first written: absent in an older file, they get their default key. */
const LATER_ACTIONS: readonly Action[] = ['mute', 'split', 'eject'];
/**
 * Actions retired since (issue 29: the dash gave way to split): an older file's binding for one
 * goes to its successor when the file has none for that, so a player's rebound key keeps its place.
 */
const RETIRED_ACTIONS: Readonly<Record<string, Action>> = { dash: 'split' };
const INTERFACE_NAME = /^[A-Za-z0-9_.:-]{1,32}$/;

export type SettingsCheck = { ok: true; settings: Settings } | { ok: false; errors: string[] };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkKeys(raw: unknown, errors: string[]): Record<Action, string> {
  const keys: Record<Action, string> = { ...DEFAULT_KEYS };
  if (!isRecord(raw)) {
    errors.push('keys: expected an object of action → key code');
    return keys;
  }
  for (const action of ACTIONS) {
    const retired = Object.keys(RETIRED_ACTIONS).find((k) => RETIRED_ACTIONS[k] === action);
    const code = raw[action] ?? (retired === undefined ? undefined : raw[retired]);
    if (code === undefined && LATER_ACTIONS.includes(action)) continue; // a file from before it existed: its default key
    if (typeof code === 'string' && KEY_CODE.test(code)) keys[action] = code;
    else errors.push(`keys.${action}: expected a key code like "KeyW"`);
  }
  for (const k of Object.keys(raw)) if (!(ACTIONS as readonly string[]).includes(k) && !Object.hasOwn(RETIRED_ACTIONS, k)) errors.push(`keys.${k}: unknown action`);
  return keys;
}

function checkSound(v: unknown): Settings['sound'] | null {
  if (!isRecord(v)) return null;
  const level = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 100;
  const { master, effects, muted } = v;
  if (!level(master) || !level(effects) || typeof muted !== 'boolean' || Object.keys(v).length !== 3) return null;
  return { master, effects, muted };
}

/** Validates an untrusted settings object; every rejected field is named in `errors`. */
export function validateSettings(raw: unknown): SettingsCheck {
  if (!isRecord(raw)) return { ok: false, errors: ['settings: expected an object'] };
  const errors: string[] = [];
  if (raw['version'] !== 1) errors.push('version: expected 1');
  // The one name rule (core/lockstep/names.ts): a name that saves here is one the wire carries whole.
  const nameCheck = typeof raw['name'] === 'string' ? checkPlayerName(raw['name']) : null;
  if (!nameCheck) errors.push('name: expected a string');
  else if (!nameCheck.ok) errors.push(nameProblemText('name', nameCheck, MAX_NAME_BYTES));
  const name = nameCheck?.ok ? nameCheck.name : '';
  const color = raw['color'];
  if (typeof color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(color)) errors.push('color: expected #rrggbb');
  const language = raw['language'];
  if (!(LANGUAGES as readonly unknown[]).includes(language)) errors.push(`language: expected one of ${LANGUAGES.join(', ')}`);
  const g = raw['graphics'];
  const shadows = isRecord(g) && typeof g['shadows'] === 'boolean' ? g['shadows'] : undefined;
  const pixelRatio = isRecord(g) && typeof g['pixelRatio'] === 'number' && g['pixelRatio'] >= 0.5 && g['pixelRatio'] <= 2 ? g['pixelRatio'] : undefined;
  if (shadows === undefined || pixelRatio === undefined) errors.push('graphics: expected { shadows: boolean, pixelRatio: 0.5..2 }');
  const keys = checkKeys(raw['keys'], errors);
  const discovery = raw['discovery'];
  if (typeof discovery !== 'string' || !(discovery === 'off' || discovery === 'all' || INTERFACE_NAME.test(discovery))) {
    errors.push('discovery: expected "off", "all" or an interface name');
  }
  const keep = raw['keepReplays'];
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1 || keep > 1000) errors.push('keepReplays: expected an integer 1..1000');
  // Absent in files written before the setting existed: its default, not an error.
  const predict = raw['predictMyBall'] ?? DEFAULT_SETTINGS.predictMyBall;
  if (typeof predict !== 'boolean') errors.push('predictMyBall: expected true or false');
  const sound = checkSound(raw['sound'] ?? DEFAULT_SETTINGS.sound);
  if (!sound) errors.push('sound: expected { master: 0..100, effects: 0..100 (whole numbers), muted: true or false }');
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      version: 1,
      name,
      color: (color as string).toLowerCase(),
      language: language as Language,
      graphics: { shadows: shadows as boolean, pixelRatio: pixelRatio as number },
      keys,
      discovery: discovery as string,
      keepReplays: keep as number,
      predictMyBall: predict as boolean,
      sound: sound!,
    },
  };
}

/** The top-level fields named by validation errors ("keys.up: …" → "keys"), for the page to highlight. */
function fieldsOf(errors: readonly string[]): string {
  return [...new Set(errors.map((e) => /^[A-Za-z]+/.exec(e)?.[0] ?? 'settings'))].join(',');
}

/** Settings persisted as JSON in the user data folder (what `settings:*` answers, but the discovery mode and default keys main adds). */
export type StoredSettings = Omit<SettingsResult, 'discovery' | 'defaultKeys'>;

/** Settings persisted as JSON in the user data folder. */
export class SettingsStore {
  private current: Settings = DEFAULT_SETTINGS;
  readonly file: string;

  constructor(userDataDir: string) {
    this.file = path.join(userDataDir, 'settings.json');
  }

  get settings(): Settings {
    return this.current;
  }

  /**
   * Reads the file; an unusable one is renamed aside and defaults are used, with a notice. A file
   * whose only fault is a name the rule no longer accepts (e.g. saved under an older, shorter
   * limit) keeps everything else, and the player is asked for a name again (`nameChosen` false).
   */
  load(): StoredSettings {
    if (!existsSync(this.file)) return { settings: (this.current = DEFAULT_SETTINGS), nameChosen: false };
    let problem: string;
    try {
      const raw: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      const check = validateSettings(raw);
      if (check.ok) return { settings: (this.current = check.settings), nameChosen: true };
      problem = check.errors.join('; ');
      const unnamed = validateSettings({ ...(raw as object), name: DEFAULT_SETTINGS.name });
      if (unnamed.ok) {
        console.warn(`[settings] the saved name was refused (${problem}); the player is asked for a new one`);
        return { settings: (this.current = unnamed.settings), nameChosen: false, notice: { code: 'settings-name-refused' } };
      }
    } catch (e) {
      problem = `not valid JSON (${(e as Error).message})`;
    }
    const aside = `${this.file}.invalid-${Date.now()}`;
    renameSync(this.file, aside);
    this.current = DEFAULT_SETTINGS;
    console.warn(`[settings] ${this.file} was invalid (${problem}); kept as ${aside}`);
    return { settings: DEFAULT_SETTINGS, nameChosen: false, notice: { code: 'settings-reset', params: { file: path.basename(aside) } } };
  }

  /** Validates and writes; an invalid object is refused and nothing changes. */
  save(raw: unknown): StoredSettings {
    const check = validateSettings(raw);
    if (!check.ok) throw new ReasonError('settings-invalid', `invalid settings: ${check.errors.join('; ')}`, { fields: fieldsOf(check.errors) });
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(check.settings, null, 2) + '\n');
    renameSync(tmp, this.file);
    return { settings: (this.current = check.settings), nameChosen: true };
  }
}
