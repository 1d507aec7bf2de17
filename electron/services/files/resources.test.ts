import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, MapError } from '../../../core/map';
import { mapLoader } from '../lockstep/loadMap';
import { findRepoRoot } from './paths';
import { Resources } from './resources';
import { tempDir } from '../../../test/tempDir';

function tree(manifest: unknown): Resources {
  const d = tempDir('res');
  mkdirSync(path.join(d, 'maps'));
  writeFileSync(path.join(d, 'maps', 'index.json'), JSON.stringify(manifest));
  writeFileSync(path.join(d, 'maps', 'a.tmj'), JSON.stringify({ tilesets: [{ firstgid: 1, source: 'ts.tsj' }, { firstgid: 9, source: '../../outside.tsj' }] }));
  writeFileSync(path.join(d, 'maps', 'ts.tsj'), JSON.stringify({ name: 'ts' }));
  writeFileSync(path.join(d, 'secret.tmj'), '{}');
  return new Resources(d);
}

const SHIPPED = path.join(findRepoRoot(import.meta.dirname), 'resources', 'maps');
const SHIPPED_MAP = JSON.parse(readFileSync(path.join(SHIPPED, 'arena-small.tmj'), 'utf8')) as Record<string, unknown>;
/** The shipped tileset's fields, embeddable in a map (an embedded tileset has no "type"). */
const SHIPPED_TILESET = JSON.parse(readFileSync(path.join(SHIPPED, 'tileset.tsj'), 'utf8'), (k, v: unknown) => (k === 'type' ? undefined : v)) as Record<string, unknown>;

/** A resources folder whose manifest lists `ids` (each `<id>.tmj`, written by mapWith). */
function shippedCopy(ids: readonly string[]): string {
  const d = tempDir('res');
  mkdirSync(path.join(d, 'maps'));
  writeFileSync(path.join(d, 'maps', 'index.json'), JSON.stringify(ids.map((id) => ({ id, file: `${id}.tmj`, name: id }))));
  return d;
}

/** Writes `<id>.tmj`: the shipped Arena with `tileset` as its one tileset. */
function mapWith(d: string, id: string, tileset: Record<string, unknown>): void {
  writeFileSync(path.join(d, 'maps', `${id}.tmj`), JSON.stringify({ ...SHIPPED_MAP, tilesets: [tileset] }));
}

describe('resources', () => {
  it('lists only well-formed manifest rows', () => {
    const r = tree([{ id: 'a', file: 'a.tmj', name: 'A' }, { id: '../x', file: 'x', name: 'X' }, { id: 'b' }]);
    expect(r.listMaps()).toEqual([{ id: 'a', name: 'A', description: '' }]);
  });

  it('refuses files outside the resources folder, even when a map references them', () => {
    const files = tree([{ id: 'a', file: 'a.tmj', name: 'A' }]).readMap('a');
    expect(Object.keys(files.tilesets)).toEqual(['ts.tsj']);
    expect(files.unread).toEqual({ '../../outside.tsj': expect.stringMatching(/outside resources/) });
    expect(() => tree([{ id: 's', file: '../secret.tmj', name: 'S' }]).readMap('s')).toThrow(/outside resources/);
    expect(() => tree([]).readMap('nope')).toThrow(/unknown map/);
  });

  it('serves only the PNG its tileset names, from inside the resources folder', () => {
    const d = shippedCopy(['ok', 'esc', 'fake', 'emb']);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest')]);
    writeFileSync(path.join(d, 'maps', 'ts.png'), png);
    writeFileSync(path.join(d, 'secret.png'), png);
    writeFileSync(path.join(d, 'maps', 'fake.png'), 'not a png');
    mapWith(d, 'ok', { firstgid: 1, source: 'ts.tsj' });
    writeFileSync(path.join(d, 'maps', 'ts.tsj'), JSON.stringify({ ...SHIPPED_TILESET, image: 'ts.png' }));
    mapWith(d, 'esc', { firstgid: 1, ...SHIPPED_TILESET, image: '../secret.png' });
    mapWith(d, 'fake', { firstgid: 1, ...SHIPPED_TILESET, image: 'fake.png' });
    mapWith(d, 'emb', { firstgid: 1, ...SHIPPED_TILESET, image: 'ts.png' });
    const r = new Resources(d);
    expect(r.readTilesetImage('ok')).toEqual({ id: 'ok', dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(r.readTilesetImage('emb').dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(() => r.readTilesetImage('esc')).toThrow(/must be a relative path inside the map's folder/);
    expect(() => r.readTilesetImage('fake')).toThrow(/not a PNG/);
    expect(() => r.readTilesetImage('nope')).toThrow(/unknown map/);
  });

  it("a refused map is refused in core's words in every loader: an external .tsx tileset gets the export hint", () => {
    const d = shippedCopy(['desert', 'badjson', 'badtsj', 'lost']);
    mapWith(d, 'desert', { firstgid: 1, source: 'desert.tsx' });
    writeFileSync(path.join(d, 'maps', 'desert.tsx'), '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="desert"/>');
    writeFileSync(path.join(d, 'maps', 'badjson.tmj'), '{"width": 48, oops');
    mapWith(d, 'badtsj', { firstgid: 1, source: 'bad.tsj' });
    writeFileSync(path.join(d, 'maps', 'bad.tsj'), '<tileset/>');
    mapWith(d, 'lost', { firstgid: 1, source: 'gone.tsj' });
    const r = new Resources(d);
    const refusal = (id: string): string[] => {
      const messages: string[] = [];
      for (const load of [() => r.loadMap(id), () => r.readTilesetImage(id), () => mapLoader(d)(id), () => loadTiledMap(r.readMap(id))]) {
        try {
          load();
          messages.push('loaded');
        } catch (e) {
          expect(e).toBeInstanceOf(MapError);
          messages.push((e as Error).message);
        }
      }
      expect(new Set(messages).size).toBe(1);
      return messages;
    };
    expect(refusal('desert')[0]).toBe('desert.tmj (no layer, field "tilesets[0].source"): "desert.tsx" is not a JSON tileset: in Tiled, open the tileset and use File > Export As > JSON tileset (.tsj), then point the map at it');
    expect(refusal('badjson')[0]).toMatch(/^badjson\.tmj \(no layer, field "\(root\)"\): not valid JSON \(/);
    expect(refusal('badtsj')[0]).toMatch(/^bad\.tsj \(no layer, field "\(root\)"\): not valid JSON \(/);
    expect(refusal('lost')[0]).toMatch(/^lost\.tmj \(no layer, field "tilesets\[0\]\.source"\): tileset "gone\.tsj" could not be read: .*ENOENT/);
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
