import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Resources } from './resources';

function tree(manifest: unknown): Resources {
  const d = mkdtempSync(path.join(os.tmpdir(), 'bb-res-'));
  mkdirSync(path.join(d, 'maps'));
  writeFileSync(path.join(d, 'maps', 'index.json'), JSON.stringify(manifest));
  writeFileSync(path.join(d, 'maps', 'a.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, source: 'ts.tsj' }, { firstgid: 9, source: '../../outside.tsj' }] }));
  writeFileSync(path.join(d, 'maps', 'ts.tsj'), JSON.stringify({ name: 'ts' }));
  writeFileSync(path.join(d, 'secret.tmj'), '{}');
  return new Resources(d);
}

describe('resources', () => {
  it('lists only well-formed manifest rows', () => {
    const r = tree([{ id: 'a', file: 'a.tmj', name: 'A' }, { id: '../x', file: 'x', name: 'X' }, { id: 'b' }]);
    expect(r.listMaps()).toEqual([{ id: 'a', name: 'A', description: '' }]);
  });

  it('refuses files outside the resources folder, even when a map references them', () => {
    expect(() => tree([{ id: 'a', file: 'a.tmj', name: 'A' }]).readMap('a')).toThrow(/outside resources/);
    expect(() => tree([{ id: 's', file: '../secret.tmj', name: 'S' }]).readMap('s')).toThrow(/outside resources/);
    expect(() => tree([]).readMap('nope')).toThrow(/unknown map/);
  });
});
