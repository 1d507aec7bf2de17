import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsStore, validateSettings } from './settings';
import { tempDir } from '../../../test/tempDir';

const dir = (): string => tempDir('settings');

describe('settings', () => {
  it('accepts the defaults and round-trips through the store', () => {
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
    const d = dir();
    const store = new SettingsStore(d);
    store.save({ ...DEFAULT_SETTINGS, name: 'Ann', language: 'zh-CN' });
    expect(new SettingsStore(d).load()).toEqual({ settings: { ...DEFAULT_SETTINGS, name: 'Ann', language: 'zh-CN' }, nameChosen: true });
  });

  it('names every invalid field', () => {
    const r = validateSettings({ ...DEFAULT_SETTINGS, color: 'red', language: 'fr', keepReplays: 0, keys: { ...DEFAULT_SETTINGS.keys, split: '<script>' }, discovery: 'eth0; rm -rf' });
    expect(r.ok).toBe(false);
    const errors = (r as { errors: string[] }).errors.join('\n');
    for (const f of ['color', 'language', 'keepReplays', 'keys.split', 'discovery']) expect(errors).toContain(f);
  });

  it('reads a file from before the split: its dash key splits, eject gets its default key', () => {
    const { split: _split, eject: _eject, ...older } = DEFAULT_SETTINGS.keys;
    const r = validateSettings({ ...DEFAULT_SETTINGS, keys: { ...older, dash: 'KeyQ' } });
    expect(r).toMatchObject({ ok: true, settings: { keys: { split: 'KeyQ', eject: DEFAULT_SETTINGS.keys.eject } } });
    expect(validateSettings({ ...DEFAULT_SETTINGS, keys: { ...older, dash: 'no key' } })).toMatchObject({ ok: false, errors: ['keys.split: expected a key code like "KeyW"'] });
  });

  it('reads a file from before predictMyBall as on, and refuses a predictMyBall that is not a boolean', () => {
    const { predictMyBall: _absent, ...older } = DEFAULT_SETTINGS;
    expect(validateSettings(older)).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, predictMyBall: true } });
    expect(validateSettings({ ...DEFAULT_SETTINGS, predictMyBall: false })).toMatchObject({ ok: true, settings: { predictMyBall: false } });
    const r = validateSettings({ ...DEFAULT_SETTINGS, predictMyBall: 'yes' });
    expect(r).toEqual({ ok: false, errors: ['predictMyBall: expected true or false'] });
  });

  it('reads a file from before sound and the mute key with their defaults, and refuses volumes out of 0..100 (never clamped)', () => {
    const { sound: _noSound, ...older } = DEFAULT_SETTINGS;
    const { mute: _noMute, ...olderKeys } = DEFAULT_SETTINGS.keys;
    expect(validateSettings({ ...older, keys: olderKeys })).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS.keys.mute).toBe('KeyM');
    expect(validateSettings({ ...DEFAULT_SETTINGS, sound: { master: 0, effects: 100, muted: true } })).toMatchObject({ ok: true, settings: { sound: { master: 0, effects: 100, muted: true } } });
    const refused = { ok: false, errors: ['sound: expected { master: 0..100, effects: 0..100 (whole numbers), muted: true or false }'] };
    for (const sound of [{ master: 101, effects: 5, muted: false }, { master: -1, effects: 5, muted: false }, { master: 50.5, effects: 5, muted: false }, { master: 50, effects: 5, muted: 'no' }, { master: 50, effects: 5 }, { master: 50, effects: 5, muted: false, extra: 1 }, 'loud']) {
      expect(validateSettings({ ...DEFAULT_SETTINGS, sound })).toEqual(refused);
    }
    expect(validateSettings({ ...DEFAULT_SETTINGS, keys: { ...DEFAULT_SETTINGS.keys, mute: '' } })).toMatchObject({ ok: false, errors: ['keys.mute: expected a key code like "KeyW"'] });
  });

  it('applies the one name rule: 16 CJK characters save, longer or control-laden names are refused, never cut', () => {
    const cjk16 = '球球大乱斗的最强玩家就是我了吧！';
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: ` ${cjk16} ` })).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, name: cjk16 } });
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: `${cjk16}吗` })).toEqual({ ok: false, errors: ['name: 51 UTF-8 bytes, at most 48 allowed (16 Chinese characters or 48 Latin letters)'] });
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: '\u0007Bo\u001b[31mb' })).toMatchObject({ ok: false, errors: [expect.stringContaining('name: must not contain control')] });
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: '   ' })).toEqual({ ok: false, errors: ['name: must not be empty'] });
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: 3 })).toEqual({ ok: false, errors: ['name: expected a string'] });
  });

  it('says whether the player has chosen a name: not on first run, yes once saved', () => {
    const d = dir();
    const store = new SettingsStore(d);
    expect(store.load()).toEqual({ settings: DEFAULT_SETTINGS, nameChosen: false });
    expect(store.save({ ...DEFAULT_SETTINGS, name: '小明' })).toEqual({ settings: { ...DEFAULT_SETTINGS, name: '小明' }, nameChosen: true });
    expect(new SettingsStore(d).load()).toMatchObject({ nameChosen: true, settings: { name: '小明' } });
  });

  it('keeps a file whose only fault is a name the rule now refuses, and asks for a new name', () => {
    const d = dir();
    const old = { ...DEFAULT_SETTINGS, name: '球'.repeat(20), language: 'zh-CN' };
    writeFileSync(path.join(d, 'settings.json'), JSON.stringify(old));
    const r = new SettingsStore(d).load();
    expect(r).toMatchObject({ nameChosen: false, settings: { ...DEFAULT_SETTINGS, language: 'zh-CN' } });
    expect(r.notice).toEqual({ code: 'settings-name-refused' });
    expect(readdirSync(d)).toEqual(['settings.json']);
  });

  it('falls back to defaults on a corrupt file, keeps it aside, and says so', () => {
    const d = dir();
    writeFileSync(path.join(d, 'settings.json'), '{"version":1,"name":');
    const r = new SettingsStore(d).load();
    expect(r.settings).toEqual(DEFAULT_SETTINGS);
    expect(r.notice).toEqual({ code: 'settings-reset', params: { file: expect.stringMatching(/^settings\.json\.invalid-/) } });
    const aside = readdirSync(d).find((f) => f.startsWith('settings.json.invalid-'));
    expect(aside).toBeDefined();
    expect(readFileSync(path.join(d, aside!), 'utf8')).toBe('{"version":1,"name":');
    expect(existsSync(path.join(d, 'settings.json'))).toBe(false);
  });

  it('refuses to save an invalid object and keeps the previous file', () => {
    const d = dir();
    const store = new SettingsStore(d);
    store.save({ ...DEFAULT_SETTINGS, name: 'Keep' });
    expect(() => store.save({ ...DEFAULT_SETTINGS, graphics: { shadows: 'yes', pixelRatio: 9 } })).toThrow(expect.objectContaining({ reason: { code: 'settings-invalid', params: { fields: 'graphics' } } }));
    expect(JSON.parse(readFileSync(store.file, 'utf8')).name).toBe('Keep');
  });
});
