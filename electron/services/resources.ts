/**
 * Read-only access to the game's bundled resources (maps, tilesets, bot trees) for the renderer.
 *
 * Only files named by the manifest (resources/maps/index.json) and the tilesets those maps
 * reference are served; paths are resolved inside the resources folder and anything that would
 * leave it is refused. Content is returned as parsed JSON: validation is `core`'s job, so the
 * same checks run in Node tests, the headless host and the renderer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MapEntry, MapFiles } from '../contract';

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

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
}
