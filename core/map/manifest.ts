/**
 * The shipped-map manifest, resources/maps/index.json: a JSON array of { id, file, name, description }.
 * Owns: its validation. Invariants of a valid manifest: at least one entry; ids are unique
 * lower-case slugs (they travel in lobby messages and name replays); files are unique .tmj paths
 * inside resources/maps/; names and descriptions are short plain text (shown as text, never HTML).
 */
import type { Where } from './tiledJson';
import { asRecord, fail, joinInside, readString } from './tiledJson';

/** One shipped map as the manifest lists it. */
export interface MapManifestEntry {
  /** Lower-case slug: [a-z0-9] then [a-z0-9-], at most 64 characters. */
  readonly id: string;
  /** Path of the .tmj file relative to resources/maps/. */
  readonly file: string;
  readonly name: string;
  readonly description: string;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_ENTRIES = 256;

/**
 * Validates a parsed manifest and returns its entries in file order.
 * @throws MapError naming the entry (`[3].id`) and the problem
 */
export function validateMapManifest(json: unknown, fileName: string): readonly MapManifestEntry[] {
  const where: Where = { file: fileName, layer: null };
  if (!Array.isArray(json)) fail(where, '(root)', 'expected an array of { id, file, name, description }');
  const list = json as readonly unknown[];
  if (list.length === 0 || list.length > MAX_ENTRIES) fail(where, '(root)', `needs 1..${MAX_ENTRIES} maps, got ${list.length}`);
  const ids = new Set<string>();
  const files = new Set<string>();
  const out: MapManifestEntry[] = [];
  for (let k = 0; k < list.length; k++) {
    const prefix = `[${k}].`;
    const rec = asRecord(list[k], where, `[${k}]`);
    const id = readString(rec, 'id', where, prefix, 64);
    if (!ID_PATTERN.test(id)) fail(where, `${prefix}id`, `"${id}" must be lower-case letters, digits and '-', starting with a letter or digit`);
    if (ids.has(id)) fail(where, `${prefix}id`, `"${id}" is listed twice`);
    const file = readString(rec, 'file', where, prefix, 256);
    if (joinInside('', file) !== file || !file.endsWith('.tmj')) fail(where, `${prefix}file`, `"${file}" must be a plain relative path to a .tmj file inside the maps folder`);
    if (files.has(file)) fail(where, `${prefix}file`, `"${file}" is listed twice`);
    const name = readString(rec, 'name', where, prefix, 64);
    if (name.trim().length === 0) fail(where, `${prefix}name`, 'must not be empty');
    const description = readString(rec, 'description', where, prefix, 500);
    ids.add(id);
    files.add(file);
    out.push(Object.freeze({ id, file, name, description }));
  }
  return Object.freeze(out);
}
