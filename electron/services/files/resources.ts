/**
 * Read-only access to the game's bundled resources (maps, tilesets and their images, bot trees)
 * for the renderer.
 *
 * Only files named by the manifest (resources/maps/index.json) and the tilesets those maps
 * reference are served; paths are resolved inside the resources folder and anything that would
 * leave it is refused. Maps and their tilesets are returned as text (tileset images as PNG data
 * URLs): parsing and validation are `core`'s job (loadTiledMap), so the same checks — and the same
 * messages — hold in Node tests, the headless host and the renderer.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadTiledMap, type GameMap } from '../../../core/map';
import { BOT_DIFFICULTIES, type BotDifficulty, type BotTreeFile, type MapEntry, type MapFiles, type TilesetImage } from '../../contract';
import { readTreeFile } from './treeFile';

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Largest tileset image served (a 4096-tile atlas of 32 px tiles as PNG stays far below this). */
const MAX_IMAGE_BYTES = 8 << 20;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface ManifestRow extends MapEntry {
  readonly file: string;
}

/** The `source` of each external tileset a map's text names (none when it is not JSON: core says so). */
function tilesetSources(text: string): string[] {
  let refs: unknown;
  try {
    refs = (JSON.parse(text) as { tilesets?: unknown } | null)?.tilesets;
  } catch {
    return [];
  }
  const out = new Set<string>();
  if (Array.isArray(refs)) for (const t of refs) if (typeof (t as { source?: unknown })?.source === 'string') out.add((t as { source: string }).source);
  return [...out];
}


export class Resources {
  constructor(readonly dir: string) {}

  /** Resolves `rel` inside `base`, refusing absolute paths and `..` escapes. */
  private inside(base: string, rel: string): string {
    const full = path.resolve(base, rel);
    if (path.isAbsolute(rel) || !full.startsWith(path.resolve(base) + path.sep)) throw new Error(`refused path outside resources: ${rel}`);
    return full;
  }

  private readJson(file: string): unknown {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch (e) {
      throw new Error(`${path.relative(this.dir, file)}: ${(e as Error).message}`);
    }
  }

  private manifest(): ManifestRow[] {
    const mapsDir = path.join(this.dir, 'maps');
    const raw = this.readJson(path.join(mapsDir, 'index.json'));
    const rows = Array.isArray(raw) ? raw : (raw as { maps?: unknown })?.maps;
    if (!Array.isArray(rows)) throw new Error('maps/index.json: expected a list of maps');
    return rows.flatMap((r: unknown): ManifestRow[] => {
      const o = r as Record<string, unknown>;
      const ok = typeof o?.['id'] === 'string' && ID.test(o['id']) && typeof o['file'] === 'string' && typeof o['name'] === 'string';
      return ok ? [{ id: o['id'] as string, file: o['file'] as string, name: o['name'] as string, description: typeof o['description'] === 'string' ? o['description'] : '' }] : [];
    });
  }

  listMaps(): MapEntry[] {
    return this.manifest().map(({ id, name, description }) => ({ id, name, description }));
  }

  /**
   * The text of manifest entry `id`'s map file and of every external tileset it names. Nothing
   * here judges the content: a tileset that cannot be read is listed in `unread` with the reason,
   * and core's loader decides (a `.tsx` is refused with its export hint before it is ever asked for).
   */
  readMap(id: string): MapFiles {
    const row = this.manifest().find((m) => m.id === id);
    if (!row) throw new Error(`unknown map: ${id}`);
    const mapFile = this.inside(path.join(this.dir, 'maps'), row.file);
    const text = readFileSync(mapFile, 'utf8');
    const tilesets: Record<string, string> = {};
    const unread: Record<string, string> = {};
    for (const source of tilesetSources(text)) {
      try {
        tilesets[source] = readFileSync(this.inside(path.dirname(mapFile), source), 'utf8');
      } catch (e) {
        unread[source] = (e as Error).message;
      }
    }
    return { id, file: row.file, text, tilesets, unread };
  }

  /** Map `id` parsed and validated by core (the headless loops' maps, and the tileset image's path). @throws MapError */
  loadMap(id: string): GameMap {
    return loadTiledMap(this.readMap(id));
  }

  /**
   * The PNG named by the `image` of map `id`'s first tileset (embedded, or in its external .tsj),
   * resolved like Tiled does (relative to the file that names it) and confined to the resources
   * folder. Only PNG files (by signature) up to MAX_IMAGE_BYTES are served.
   */
  readTilesetImage(id: string): TilesetImage {
    // Through core's loader: a refused map fails here with the same message as the map itself.
    const files = this.readMap(id);
    const image = loadTiledMap(files).tileset.image;
    if (!image.toLowerCase().endsWith('.png')) throw new Error(`map ${id}: its tileset names no .png image`);
    const full = this.inside(path.dirname(this.inside(path.join(this.dir, 'maps'), files.file)), image);
    if (statSync(full).size > MAX_IMAGE_BYTES) throw new Error(`${image}: larger than ${MAX_IMAGE_BYTES} bytes`);
    const bytes = readFileSync(full);
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`${image}: not a PNG file`);
    return { id, dataUrl: `data:image/png;base64,${bytes.toString('base64')}` };
  }

  /**
   * resources/ai/<difficulty>.json as text (only the three difficulty names are accepted).
   * @throws Error saying in a user's words why the file cannot be used (treeFile.ts)
   */
  readBotTree(difficulty: BotDifficulty): BotTreeFile {
    if (!(BOT_DIFFICULTIES as readonly string[]).includes(difficulty)) throw new Error(`unknown bot difficulty: ${String(difficulty).slice(0, 16)}`);
    const file = `${difficulty}.json`;
    return { difficulty, file, text: readTreeFile(path.join(this.dir, 'ai'), file) };
  }
}
