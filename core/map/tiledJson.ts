/**
 * Checked readers for untrusted JSON (Tiled maps, tilesets, the map manifest).
 * Owns: turning "this value has the wrong shape" into a MapError that names file, layer and field.
 * Invariant: every reader either returns a value of the promised type or throws MapError.
 * Field paths are built by the caller as `prefix + key`, e.g. `tilesets[0].` + `columns`.
 */
import { MapError } from './MapError';

/** Where a value came from: used to label every error. */
export interface Where {
  readonly file: string;
  readonly layer: string | null;
}

/** Throws the MapError for `field` at `where`. */
export function fail(where: Where, field: string, reason: string): never {
  throw new MapError(where.file, where.layer, field, reason);
}

/** A short, safe description of a bad value for an error message. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string "${v.slice(0, 40)}…"` : `"${v}"`;
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** `v` as a plain object (not null, not an array). */
export function asRecord(v: unknown, where: Where, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(where, field, `expected an object, got ${describe(v)}`);
  return v as Record<string, unknown>;
}

/** `rec[key]` as an integer in [min, max]; `fallback` is used when the key is absent (undefined = required). */
export function readInt(rec: Record<string, unknown>, key: string, where: Where, prefix: string, min: number, max: number, fallback?: number): number {
  const v = rec[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(where, prefix + key, `expected an integer, got ${describe(v)}`);
  if (v < min || v > max) fail(where, prefix + key, `${v} is outside the allowed range ${min}..${max}`);
  return v;
}

/** `rec[key]` as a finite number; `fallback` is used when the key is absent (undefined = required). */
export function readNumber(rec: Record<string, unknown>, key: string, where: Where, prefix: string, fallback?: number): number {
  const v = rec[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(where, prefix + key, `expected a number, got ${describe(v)}`);
  return v;
}

/** `rec[key]` as a string of at most `maxLength` characters; `fallback` is used when absent. */
export function readString(rec: Record<string, unknown>, key: string, where: Where, prefix: string, maxLength: number, fallback?: string): string {
  const v = rec[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string') fail(where, prefix + key, `expected a string, got ${describe(v)}`);
  if (v.length > maxLength) fail(where, prefix + key, `is longer than ${maxLength} characters`);
  return v;
}

/** `rec[key]` as an array; an absent key gives `fallback` when one is given. */
export function readArray(rec: Record<string, unknown>, key: string, where: Where, prefix: string, fallback?: readonly unknown[]): readonly unknown[] {
  const v = rec[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (!Array.isArray(v)) fail(where, prefix + key, `expected an array, got ${describe(v)}`);
  return v as readonly unknown[];
}

/** Last path segment without its extension: the default map id for `maps/arena-small.tmj` is `arena-small`. */
export function baseName(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const file = path.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/**
 * Joins relative path `rel` onto folder `dir` ('' = the map's folder) with '/' separators and
 * resolves `.` and `..`. Returns null for anything that would leave the map's folder or is not a
 * plain relative path (absolute, drive letter, URL, backslash, empty): the renderer only serves
 * files under resources/maps/.
 */
export function joinInside(dir: string, rel: string): string | null {
  if (rel.length === 0 || rel.startsWith('/') || rel.includes('\\') || rel.includes(':')) return null;
  const out: string[] = [];
  for (const part of (dir.length > 0 ? `${dir}/${rel}` : rel).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.length > 0 ? out.join('/') : null;
}

/** Folder part of a relative path ('' when there is none). */
export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
