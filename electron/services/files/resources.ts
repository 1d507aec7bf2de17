/**
 * Read-only access to the game's bundled resources (maps, tilesets and their images, bot trees)
 * for the renderer.
 *
 * Only files named by the manifest (resources/maps/index.json) and the tilesets those maps
 * reference are served; paths are resolved inside the resources folder and anything that would
 * leave it is refused. Content is returned as parsed JSON (tileset images as PNG data URLs):
 * validation is `core`'s job, so the
 * same checks run in Node tests, the headless host and the renderer.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BOT_DIFFICULTIES, type BotDifficulty, type BotTreeFile, type MapEntry, type MapFiles, type TilesetImage } from '../../contract';

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Largest tileset image served (a 4096-tile atlas of 32 px tiles as PNG stays far below this). */
const MAX_IMAGE_BYTES = 8 << 20;
/** Largest bot tree file served. */
const MAX_TREE_BYTES = 1 << 20;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface ManifestRow extends MapEntry {
  readonly file: string;
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

  /** The map file of manifest entry `id` and every external tileset it references. */
  readMap(id: string): MapFiles {
    const row = this.manifest().find((m) => m.id === id);
    if (!row) throw new Error(`unknown map: ${id}`);
    const mapsDir = path.join(this.dir, 'maps');
    const mapFile = this.inside(mapsDir, row.file);
    const map = this.readJson(mapFile);
    const tilesets: Record<string, unknown> = {};
    const refs = (map as { tilesets?: unknown })?.tilesets;
    if (Array.isArray(refs)) {
      for (const t of refs) {
        const source = (t as { source?: unknown })?.source;
        if (typeof source === 'string' && !(source in tilesets)) tilesets[source] = this.readJson(this.inside(path.dirname(mapFile), source));
      }
    }
    return { id, file: row.file, map, tilesets };
  }

  /**
   * The PNG named by the `image` of map `id`'s first tileset (embedded, or in its external .tsj),
   * resolved like Tiled does (relative to the file that names it) and confined to the resources
   * folder. Only PNG files (by signature) up to MAX_IMAGE_BYTES are served.
   */
  readTilesetImage(id: string): TilesetImage {
    const { file, map, tilesets } = this.readMap(id);
    const mapFile = this.inside(path.join(this.dir, 'maps'), file);
    const ref = ((map as { tilesets?: unknown })?.tilesets as unknown[] | undefined)?.[0] as { source?: unknown; image?: unknown } | undefined;
    let owner = mapFile;
    let image = ref?.image;
    if (typeof ref?.source === 'string') {
      owner = this.inside(path.dirname(mapFile), ref.source);
      image = (tilesets[ref.source] as { image?: unknown } | undefined)?.image;
    }
    if (typeof image !== 'string' || !image.toLowerCase().endsWith('.png')) throw new Error(`map ${id}: its tileset names no .png image`);
    const full = this.inside(path.dirname(owner), image);
    if (statSync(full).size > MAX_IMAGE_BYTES) throw new Error(`${image}: larger than ${MAX_IMAGE_BYTES} bytes`);
    const bytes = readFileSync(full);
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`${image}: not a PNG file`);
    return { id, dataUrl: `data:image/png;base64,${bytes.toString('base64')}` };
  }

  /** resources/ai/<difficulty>.json as text (only the three difficulty names are accepted). */
  readBotTree(difficulty: BotDifficulty): BotTreeFile {
    if (!(BOT_DIFFICULTIES as readonly string[]).includes(difficulty)) throw new Error(`unknown bot difficulty: ${String(difficulty).slice(0, 16)}`);
    const file = `${difficulty}.json`;
    const full = this.inside(path.join(this.dir, 'ai'), file);
    if (statSync(full).size > MAX_TREE_BYTES) throw new Error(`ai/${file}: larger than ${MAX_TREE_BYTES} bytes`);
    return { difficulty, file, text: readFileSync(full, 'utf8') };
  }
}
