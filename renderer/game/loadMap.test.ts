/**
 * The page's map loader reports the core loader's message for a refused map — for an external
 * `.tsx` tileset, its "Export As > JSON tileset (.tsj)" hint, not a JSON parser's complaint.
 */
import { describe, expect, it } from 'vitest';
import type { Bridge, MapFiles } from '../../electron/contract';
import { loadGameMap } from './loadMap';

const bridgeServing = (files: MapFiles): Bridge => ({ request: () => Promise.resolve(files) }) as unknown as Bridge;

describe('loadGameMap', () => {
  it('an external .tsx tileset: the core message with the export hint', async () => {
    const map = { type: 'map', orientation: 'orthogonal', width: 2, height: 2, tilewidth: 32, tileheight: 32, infinite: false, layers: [], tilesets: [{ firstgid: 1, source: 'desert.tsx' }] };
    const files: MapFiles = { id: 'desert', file: 'desert.tmj', text: JSON.stringify(map), tilesets: { 'desert.tsx': '<?xml version="1.0"?><tileset/>' }, unread: {} };
    await expect(loadGameMap(bridgeServing(files), 'desert')).rejects.toThrow(/desert\.tsx" is not a JSON tileset: in Tiled, open the tileset and use File > Export As > JSON tileset \(\.tsj\)/);
  });

  it('map text that is not JSON: a MapError naming the file', async () => {
    const files: MapFiles = { id: 'broken', file: 'broken.tmj', text: '<map/>', tilesets: {}, unread: {} };
    await expect(loadGameMap(bridgeServing(files), 'broken')).rejects.toMatchObject({ name: 'MapError', file: 'broken.tmj', field: '(root)' });
  });
});
