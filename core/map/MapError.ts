/**
 * The one error type map loading throws.
 * Invariant: parsing untrusted map, tileset and manifest JSON throws nothing but MapError, so a
 * caller (file picker, host receiving a map) needs one catch and can show `message` as is.
 * Every error names the file, the layer (null when the problem is not inside a layer) and the
 * field, so a map author can find the spot in Tiled.
 */

/** A map, tileset or manifest file that cannot be used, with where the problem is. */
export class MapError extends Error {
  /** File name as given by the caller (map, external tileset or manifest). */
  readonly file: string;
  /** Layer name, or null for map-level, tileset or manifest problems. */
  readonly layer: string | null;
  /** Dotted path of the offending field inside the file or layer, e.g. `data[12]`, `tilesets[0].columns`. */
  readonly field: string;
  /** The reason alone, without the location prefix. */
  readonly reason: string;

  constructor(file: string, layer: string | null, field: string, reason: string) {
    const where = layer === null ? 'no layer' : `layer "${layer}"`;
    super(`${file} (${where}, field "${field}"): ${reason}`);
    this.name = 'MapError';
    this.file = file;
    this.layer = layer;
    this.field = field;
    this.reason = reason;
  }
}
