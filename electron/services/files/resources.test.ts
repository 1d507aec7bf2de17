import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from './paths';
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

  it('serves only the PNG its tileset names, from inside the resources folder', () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'bb-res-'));
    mkdirSync(path.join(d, 'maps'));
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest')]);
    writeFileSync(path.join(d, 'maps', 'index.json'), JSON.stringify(['ok', 'esc', 'fake', 'emb'].map((id) => ({ id, file: `${id}.tmj`, name: id }))));
    writeFileSync(path.join(d, 'maps', 'ok.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, source: 'ts.tsj' }] }));
    writeFileSync(path.join(d, 'maps', 'ts.tsj'), JSON.stringify({ image: 'ts.png' }));
    writeFileSync(path.join(d, 'maps', 'ts.png'), png);
    writeFileSync(path.join(d, 'maps', 'esc.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, image: '../secret.png' }] }));
    writeFileSync(path.join(d, 'secret.png'), png);
    writeFileSync(path.join(d, 'maps', 'fake.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, image: 'fake.png' }] }));
    writeFileSync(path.join(d, 'maps', 'fake.png'), 'not a png');
    writeFileSync(path.join(d, 'maps', 'emb.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, image: 'ts.png' }] }));
    const r = new Resources(d);
    expect(r.readTilesetImage('ok')).toEqual({ id: 'ok', dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(r.readTilesetImage('emb').dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(() => r.readTilesetImage('esc')).toThrow(/outside resources/);
    expect(() => r.readTilesetImage('fake')).toThrow(/not a PNG/);
    expect(() => r.readTilesetImage('nope')).toThrow(/unknown map/);
  });

  it('serves the shipped tileset image of every shipped map', () => {
    const r = new Resources(path.join(findRepoRoot(import.meta.dirname), 'resources'));
    for (const m of r.listMaps()) expect(r.readTilesetImage(m.id).dataUrl.length).toBeGreaterThan(1000);
  });

  it('serves bot trees by difficulty name only', () => {
    const r = new Resources(path.join(findRepoRoot(import.meta.dirname), 'resources'));
    for (const d of ['easy', 'normal', 'hard'] as const) {
      const tree = r.readBotTree(d);
      expect(tree).toMatchObject({ difficulty: d, file: `${d}.json` });
      expect(JSON.parse(tree.text)).toHaveProperty('root');
    }
    expect(() => r.readBotTree('../maps/index' as never)).toThrow(/unknown bot difficulty/);
  });
});
