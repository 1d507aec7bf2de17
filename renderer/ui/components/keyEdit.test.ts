import { describe, expect, it } from 'vitest';
import { pressKey, swapKeys } from './keyEdit';

// Any action list: the editor knows none of them by name.
const KEYS = { up: 'KeyW', left: 'KeyA', fire: 'Space', menu: 'Escape' } as const;

describe('rebinding a key', () => {
  it('Esc cancels and changes nothing (it used to bind Esc and move Menu to the old key)', () => {
    expect(pressKey(KEYS, 'left', 'Escape')).toEqual({ t: 'cancel' });
  });

  it('binds a free key', () => {
    expect(pressKey(KEYS, 'left', 'KeyQ')).toEqual({ t: 'bound', keys: { ...KEYS, left: 'KeyQ' } });
  });

  it('pressing the key the action already has keeps it', () => {
    expect(pressKey(KEYS, 'left', 'KeyA')).toEqual({ t: 'bound', keys: KEYS });
  });

  it('a key another action uses is a conflict to ask about, not a silent swap', () => {
    expect(pressKey(KEYS, 'left', 'KeyW')).toEqual({ t: 'conflict', other: 'up', code: 'KeyW' });
    expect(swapKeys(KEYS, 'left', 'up', 'KeyW')).toEqual({ ...KEYS, left: 'KeyW', up: 'KeyA' });
  });

  it('ignores keys the settings cannot store', () => {
    expect(pressKey(KEYS, 'left', '')).toEqual({ t: 'ignored' });
    expect(pressKey(KEYS, 'left', 'Intl-Ro')).toEqual({ t: 'ignored' });
  });
});
