import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsStore, validateSettings } from './settings';

const dir = (): string => mkdtempSync(path.join(os.tmpdir(), 'bb-settings-'));

describe('settings', () => {
  it('accepts the defaults and round-trips through the store', () => {
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
    const d = dir();
    const store = new SettingsStore(d);
    store.save({ ...DEFAULT_SETTINGS, name: 'Ann', language: 'zh-CN' });
    expect(new SettingsStore(d).load()).toEqual({ settings: { ...DEFAULT_SETTINGS, name: 'Ann', language: 'zh-CN' } });
  });

  it('names every invalid field', () => {
    const r = validateSettings({ ...DEFAULT_SETTINGS, color: 'red', language: 'fr', keepReplays: 0, keys: { ...DEFAULT_SETTINGS.keys, dash: '<script>' }, discovery: 'eth0; rm -rf' });
    expect(r.ok).toBe(false);
    const errors = (r as { errors: string[] }).errors.join('\n');
    for (const f of ['color', 'language', 'keepReplays', 'keys.dash', 'discovery']) expect(errors).toContain(f);
  });

  it('strips control characters from names and refuses empty ones', () => {
    const r = validateSettings({ ...DEFAULT_SETTINGS, name: '\u0007Bo\u001b[31mb\u0000' });
    expect(r).toMatchObject({ ok: true, settings: { name: 'Bo[31mb' } });
    expect(validateSettings({ ...DEFAULT_SETTINGS, name: '\u0000\u0001  ' }).ok).toBe(false);
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
