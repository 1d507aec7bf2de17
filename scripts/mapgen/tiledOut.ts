/**
 * Writes a map design as Tiled JSON (format 1.10) that the Tiled editor opens and core/map's
 * parseTiledMap reads: tile layers ground / walls / bushes (CSV arrays, one map row per line),
 * object layers of point spawns and point viruses at cell centres, the external tileset tileset.tsj (firstgid 1)
 * and map properties "name" and "description".
 */
import type { MapManifestEntry } from '../../core/map';
import { BUILTIN_TILESET, paintBuiltinTiles } from '../../core/map';
import type { Design } from './design';

const TILED_VERSION = { version: '1.10', tiledversion: '1.10.2' } as const;

/** Tile indices (+1 already, 0 = empty) → gids of the single tileset whose firstgid is 1. */
const gids = (tilesPlusOne: Uint16Array) => Array.from(tilesPlusOne);

function tileLayer(id: number, name: string, d: Design, data: number[]): Record<string, unknown> {
  return { data, height: d.rows, id, name, opacity: 1, type: 'tilelayer', visible: true, width: d.cols, x: 0, y: 0 };
}

/** The design as a Tiled JSON map; tile layer data is written one map row per line. */
export function toTmj(d: Design, entry: MapManifestEntry): string {
  const art = paintBuiltinTiles(d.cols, d.rows, d.terrain, d.wall, d.bush);
  const { tileWidth: tw, tileHeight: th } = BUILTIN_TILESET;
  const points = (list: readonly { col: number; row: number }[], kind: string, firstId: number) =>
    list.map((p, k) => ({
      height: 0, id: firstId + k, name: `${kind}${k + 1}`, point: true, rotation: 0, type: kind, visible: true, width: 0,
      x: (p.col + 0.5) * tw, y: (p.row + 0.5) * th,
    }));
  const objects = points(d.spawns, 'spawn', 1);
  const viruses = points(d.viruses, 'virus', objects.length + 1);
  const layers = [
    tileLayer(1, 'ground', d, Array.from(art.ground, (t) => t + 1)),
    tileLayer(2, 'walls', d, gids(art.wallTiles)),
    tileLayer(3, 'bushes', d, gids(art.bushTiles)),
    { draworder: 'topdown', id: 4, name: 'spawns', objects, opacity: 1, type: 'objectgroup', visible: true, x: 0, y: 0 },
    { draworder: 'topdown', id: 5, name: 'viruses', objects: viruses, opacity: 1, type: 'objectgroup', visible: true, x: 0, y: 0 },
  ];
  const map = {
    compressionlevel: -1, height: d.rows, infinite: false, layers, nextlayerid: 6, nextobjectid: objects.length + viruses.length + 1,
    orientation: 'orthogonal',
    properties: [
      { name: 'description', type: 'string', value: entry.description },
      { name: 'name', type: 'string', value: entry.name },
    ],
    renderorder: 'right-down', ...TILED_VERSION, tileheight: th, tilesets: [{ firstgid: 1, source: 'tileset.tsj' }],
    tilewidth: tw, type: 'map', width: d.cols,
  };
  // Rows on their own lines keep the file readable and its diffs small.
  return JSON.stringify(map, (key, value: unknown) => (key === 'data' ? `@@${(value as number[]).join(',')}@@` : value), 1)
    .replace(/"@@([\d,]*)@@"/g, (_, csv: string) => {
      const cells = csv.split(',');
      const lines: string[] = [];
      for (let r = 0; r < d.rows; r++) lines.push(cells.slice(r * d.cols, (r + 1) * d.cols).join(','));
      return `[\n${lines.join(',\n')}]`;
    }) + '\n';
}
